import { useCallback, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CharCounter } from '../ui/char-counter';

interface QuestionFormProps {
  readonly busy: boolean;
  /** The longest question main accepts (SECRETARY.questionMaxChars, ORACLE.questionMaxChars). */
  readonly maxChars: number;
  readonly onAsk: (question: string) => void;
  readonly onCancel: () => void;
  readonly inputRef: Ref<HTMLTextAreaElement>;
  /** Controls beside Ask (the Assistant's microphone); what they dictate is added to the draft with `insert`. */
  readonly tools?: (insert: (text: string) => void) => ReactNode;
}

/**
 * S1 and S15: the question box. Enter asks and Shift+Enter starts a new line; the counter shows the length against
 * `maxChars`, and a question over it (or blank) is refused here with the reason, before main would.
 * While a question is on its way the next one can be written, and Cancel (or Escape, see ChatPanel) abandons the one
 * in flight.
 */
export function QuestionForm({ busy, maxChars, onAsk, onCancel, inputRef, tools }: QuestionFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const counterId = useId();
  const problemId = useId();
  const [draft, setDraft] = useState('');
  const [emptyRefused, setEmptyRefused] = useState(false);
  const over = draft.length - maxChars;
  // Dictation goes after what is already written, as its own words.
  const insert = useCallback((text: string) => {
    setDraft((current) => (current.trim() === '' ? text : `${current.replace(/\s+$/, '')} ${text}`));
    setEmptyRefused(false);
  }, []);

  function submit() {
    if (busy || over > 0) return;
    if (draft.trim() === '') {
      setEmptyRefused(true);
      return;
    }
    onAsk(draft);
    setDraft('');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An input method composing a character uses Enter to confirm it: that is not asking.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const problem = over > 0 ? t('chat.tooLong', { count: over, max: maxChars }) : emptyRefused ? t('chat.empty') : null;

  return (
    <form className="question-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="question-label">
        {t('chat.label')}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        // Questions may be in another script than the UI: each line takes its own direction.
        dir="auto"
        value={draft}
        rows={2}
        onChange={(event) => {
          setDraft(event.target.value);
          setEmptyRefused(false);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={over > 0}
        aria-describedby={`${problem === null ? '' : `${problemId} `}${counterId} ${helpId}`}
      />
      <p id={problemId} className="question-problem" role="status">
        {problem}
      </p>
      {/* One line under the box: how to ask, how long it is, and the buttons, so the log keeps the height. */}
      <div className="question-meta">
        <p id={helpId} className="question-help">
          {t('chat.help')}
        </p>
        <CharCounter id={counterId} count={draft.length} max={maxChars} />
        <div className="actions">
          {tools?.(insert)}
          <button type="submit" className="button-primary" disabled={busy || over > 0}>
            {t('chat.ask')}
          </button>
          {busy && (
            <button type="button" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
