import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaneId } from '../shell/pane-id';
import { NoticeRegion } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import { AssistantBubble } from './assistant-bubble';
import { useConversation } from './conversation-context';
import { QuestionForm } from './question-form';

/** How close to the end (in CSS pixels) still counts as "at the bottom": rounding makes exact equality rare. */
const BOTTOM_SLACK_PX = 24;

/**
 * S15: the conversation, newest at the bottom, and the question box. The log follows new bubbles only while the
 * member is at its end (or has just asked), so an answer arriving never pulls away text they scrolled up to read.
 */
export function SecretaryChat({ openPane }: { openPane: (id: PaneId) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { exchanges, busy, ask, cancel } = useConversation();
  const links = useOpenExternal();
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  // True on the first render (a conversation kept from earlier opens at its end) and after the member asks.
  const follow = useRef(true);

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    if (follow.current || atBottom.current) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
    follow.current = false;
  }, [exchanges]);

  function onScroll() {
    const element = log.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  }

  function onAsk(question: string) {
    follow.current = true;
    ask(question);
  }

  function onCancel() {
    cancel();
    // The Cancel button goes away with the busy state: the keyboard stays in the question box.
    input.current?.focus();
  }

  return (
    <section className="secretary-chat" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('secretary.chat.heading')}</h2>
      <p className="muted">{t('secretary.chat.ephemeral')}</p>
      {exchanges.length > 0 && (
        // Focusable so that the keyboard can scroll it; a log announces what is added at its end.
        <div ref={log} className="chat-log" role="log" aria-label={t('secretary.chat.log')} tabIndex={0} onScroll={onScroll}>
          <ol className="chat-turns">
            {exchanges.map((exchange) => (
              <li key={exchange.id} className="chat-exchange">
                <div className="bubble bubble-user">
                  <p className="bubble-who">{t('secretary.chat.you')}</p>
                  <p className="bubble-question" dir="auto">{exchange.question}</p>
                </div>
                <div className="bubble bubble-assistant">
                  <p className="bubble-who">{t('secretary.chat.secretary')}</p>
                  <AssistantBubble outcome={exchange.outcome} onOpenLink={links.open} openPane={openPane} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      <NoticeRegion notice={links.notice} />
      <QuestionForm busy={busy} onAsk={onAsk} onCancel={onCancel} inputRef={input} />
    </section>
  );
}
