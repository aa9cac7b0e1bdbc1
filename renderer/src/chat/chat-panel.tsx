import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeRegion, type Notice } from '../ui/notice';
import { ChatSuggestionsView, type ChatSuggestions } from './chat-suggestions';
import type { Conversation, Outcome } from './conversation';
import { QuestionForm } from './question-form';
import './chat.css';

/** How close to the end (in CSS pixels) still counts as "at the bottom": rounding makes exact equality rare. */
const BOTTOM_SLACK_PX = 24;
/** Room left above an answer brought into view at its first line, so that it does not touch the log's edge. */
const ANSWER_MARGIN_PX = 8;

interface ChatPanelProps<A, P> {
  readonly heading: string;
  /** Said under the heading (e.g. that the conversation is never saved). */
  readonly intro: string;
  /** The log's accessible name ("Conversation with the secretary"). */
  readonly logLabel: string;
  /** Who answers, over each answer bubble. */
  readonly assistantName: string;
  readonly conversation: Conversation<A, P>;
  readonly questionMaxChars: number;
  /** What went wrong where the member clicked in the log (a link, a source), if anything. */
  readonly notice: Notice | null;
  readonly renderOutcome: (outcome: Outcome<A, P>) => ReactNode;
  /** Shown in the log's place while the conversation is empty; none by default. */
  readonly suggestions?: ChatSuggestions | null;
}

/**
 * S15: a conversation, newest at the bottom, and the question box. The log follows new bubbles only while the
 * member is at its end (or has just asked), so an answer arriving never pulls away text they scrolled up to read;
 * an answer longer than the log comes into view at its first line, not its last.
 */
export function ChatPanel<A, P = never>({
  heading,
  intro,
  logLabel,
  assistantName,
  conversation,
  questionMaxChars,
  notice,
  renderOutcome,
  suggestions = null,
}: ChatPanelProps<A, P>) {
  const { t } = useTranslation();
  const headingId = useId();
  const { exchanges, busy, ask, cancel, startOver } = conversation;
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  // Only asking adds an exchange: more of them than last time means the member asked (or the log just opened).
  const shown = useRef(0);

  useLayoutEffect(() => {
    const asked = exchanges.length > shown.current;
    shown.current = exchanges.length;
    const element = log.current;
    if (!element || !(asked || atBottom.current)) return;
    // An answer taller than the log is read from its first line: the log stops there, and stays as it grows.
    const newest = element.querySelector<HTMLElement>('.chat-exchange:last-child .bubble-assistant')?.getBoundingClientRect();
    if (newest && element.clientHeight > 0 && newest.height > element.clientHeight - BOTTOM_SLACK_PX) {
      element.scrollTop += newest.top - element.getBoundingClientRect().top - ANSWER_MARGIN_PX;
      atBottom.current = false;
      return;
    }
    element.scrollTop = element.scrollHeight;
    atBottom.current = true;
  }, [exchanges]);

  function onScroll() {
    const element = log.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  }

  function onCancel() {
    cancel();
    // The Cancel button goes away with the busy state: the keyboard stays in the question box.
    input.current?.focus();
  }

  function onSuggestion(question: string) {
    ask(question);
    // The button goes away with the empty state: the keyboard lands where the follow-up is written.
    input.current?.focus();
  }

  function onStartOver() {
    startOver();
    input.current?.focus();
  }

  return (
    <section className="card chat-panel" aria-labelledby={headingId}>
      <div className="chat-heading">
        <h2 id={headingId}>{heading}</h2>
        {exchanges.length > 0 && (
          // A new topic should not be read in the light of the last one (and, for the oracle, keeps its floor: O5).
          <button type="button" onClick={onStartOver}>
            {t('chat.newConversation')}
          </button>
        )}
      </div>
      <p className="muted">{intro}</p>
      {exchanges.length === 0 && suggestions && <ChatSuggestionsView suggestions={suggestions} onAsk={onSuggestion} />}
      {exchanges.length > 0 && (
        // Focusable so that the keyboard can scroll it; a log announces what is added at its end.
        <div ref={log} className="chat-log" role="log" aria-label={logLabel} tabIndex={0} onScroll={onScroll}>
          <ol className="chat-turns">
            {exchanges.map((exchange) => (
              <li key={exchange.id} className="chat-exchange">
                <div className="bubble bubble-user">
                  <p className="bubble-who">{t('chat.you')}</p>
                  <p className="bubble-question" dir="auto">
                    {exchange.question}
                  </p>
                </div>
                <div className="bubble bubble-assistant">
                  <p className="bubble-who">{assistantName}</p>
                  {renderOutcome(exchange.outcome)}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      <NoticeRegion notice={notice} />
      <QuestionForm busy={busy} maxChars={questionMaxChars} onAsk={ask} onCancel={onCancel} inputRef={input} />
    </section>
  );
}
