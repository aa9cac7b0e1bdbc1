import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemainingMs } from '../ui/countdown';
import { NoticeRegion, type Notice } from '../ui/notice';
import { AnswerAnnouncement } from './answer-announcement';
import { ChatSuggestionsView, type ChatSuggestions } from './chat-suggestions';
import { ClearedNotice } from './cleared-notice';
import { askAgainFrom, canAskAgain, type Conversation, type Outcome } from './conversation';
import { QuestionForm } from './question-form';
import { useLogFollow } from './use-log-follow';
import './chat.css';

interface ChatPanelProps<A, P> {
  readonly heading: string;
  /** Said where the conversation starts (e.g. that it is never saved). */
  readonly intro: string;
  /** The log's accessible name ("Conversation with the secretary"). */
  readonly logLabel: string;
  /** Who answers, over each answer. */
  readonly assistantName: string;
  readonly conversation: Conversation<A, P>;
  readonly questionMaxChars: number;
  /** What went wrong where the member clicked in the log (a link, a source), if anything. */
  readonly notice: Notice | null;
  readonly renderOutcome: (outcome: Outcome<A, P>) => ReactNode;
  /** Shown where the conversation starts while it is empty; none by default. */
  readonly suggestions?: ChatSuggestions | null;
  /** What the log holds above the conversation, scrolling with it (the Secretary's latest pass). */
  readonly leading?: ReactNode;
  /** More ways to ask, beside the question box's buttons (the Assistant's microphone); `insert` adds to the draft. */
  readonly composerTools?: (insert: (text: string) => void) => ReactNode;
  /** In place of the question box: another way to ask (the Voice pane's push-to-talk). */
  readonly composer?: ReactNode;
}

/**
 * Ask again, held back while the wait a refusal asked for runs (G9), on the countdown's own clock, so that it
 * comes back as the countdown above it says the member may try again.
 */
function AskAgain({ from, onAsk }: { from: number | null; onAsk: () => void }) {
  const { t } = useTranslation();
  const waiting = useRemainingMs(from ?? 0) > 0;
  return (
    <button type="button" className="button-small" disabled={waiting} onClick={onAsk}>
      {t('chat.retry')}
    </button>
  );
}

/**
 * S15: a conversation and the question box, laid out as a chat: the log is the pane's one scroll container, the
 * conversation sits at its bottom, newest last, and the question box stays pinned under it. A question that came
 * to nothing is asked again with Ask again, as it was written; Escape, anywhere in the panel, stops the one on its
 * way; New conversation can be undone until the next question.
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
  leading,
  composerTools,
  composer,
}: ChatPanelProps<A, P>) {
  const { t } = useTranslation();
  const headingId = useId();
  const { exchanges, busy, restorable, ask, retry, cancel, startOver, restore, forget } = conversation;
  const input = useRef<HTMLTextAreaElement>(null);
  const { log, content, onScroll } = useLogFollow(exchanges);

  /** Runs what a control did, then puts the keyboard back in the question box: the control goes away with it. */
  function thenWrite(action: () => void) {
    return () => {
      action();
      input.current?.focus();
    };
  }

  const onCancel = thenWrite(cancel);

  function onSuggestion(question: string) {
    ask(question);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // An input method composing a character uses Escape to drop it: that is not stopping the question.
    if (event.key !== 'Escape' || !busy || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onCancel();
  }

  return (
    <section className="chat-panel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="chat-heading">
        {/* Named for assistive technology only: on screen the pane's title (and the Oracle's view switch) already
            says what this is, and a second heading above the log pushed the Secretary's pass under it. */}
        <h2 id={headingId} className="visually-hidden">
          {heading}
        </h2>
        {exchanges.length > 0 && (
          // A new topic should not be read in the light of the last one (and, for the oracle, keeps its floor: O5).
          <button type="button" className="button-small" onClick={thenWrite(startOver)}>
            {t('chat.newConversation')}
          </button>
        )}
      </div>
      {/* Focusable so that the keyboard can scroll it; a log announces what is added at its end (answers aside). */}
      <div ref={log} className="chat-log" role="log" aria-label={logLabel} tabIndex={0} onScroll={onScroll}>
        <div ref={content} className="chat-log-content">
          {/* Kept out of the log's announcements: the digest says what changes in it on its own. */}
          {leading && (
            <div className="chat-leading" aria-live="off">
              {leading}
            </div>
          )}
          <div className="chat-stream">
            <p className="chat-intro">{intro}</p>
            {exchanges.length === 0 && suggestions && <ChatSuggestionsView suggestions={suggestions} onAsk={onSuggestion} />}
            {exchanges.length > 0 && (
              <ol className="chat-turns">
                {exchanges.map((exchange) => (
                  <li key={exchange.id} className="chat-exchange">
                    <div className="bubble bubble-user">
                      <p className="bubble-who">
                        {t('chat.you')}
                        {exchange.spoken && <span className="bubble-spoken"> · {t('chat.spoken')}</span>}
                      </p>
                      <p className={exchange.question === '' ? 'bubble-question muted' : 'bubble-question'} dir="auto">
                        {exchange.question === '' ? t('chat.voiceQuestion') : exchange.question}
                      </p>
                    </div>
                    {/* Out of the log's announcements: an answer grows chunk by chunk, and is announced once, whole,
                        when it ends (AnswerAnnouncement). */}
                    <div className="bubble bubble-assistant" aria-live="off">
                      <p className="bubble-who">{assistantName}</p>
                      {renderOutcome(exchange.outcome)}
                      {/* One question at a time: Retry waits for the one on its way. */}
                      {!busy && canAskAgain(exchange) && (
                        <div className="actions">
                          <AskAgain from={askAgainFrom(exchange.outcome)} onAsk={thenWrite(() => retry(exchange.id))} />
                        </div>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      </div>
      <AnswerAnnouncement conversation={conversation} />
      <ClearedNotice restorable={restorable} onRestore={thenWrite(restore)} onDismiss={thenWrite(forget)} />
      <NoticeRegion notice={notice} />
      {composer ?? <QuestionForm busy={busy} maxChars={questionMaxChars} onAsk={ask} onCancel={onCancel} inputRef={input} tools={composerTools} />}
    </section>
  );
}
