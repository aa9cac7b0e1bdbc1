import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText } from '../i18n/locale-format';
import { isolated } from '../ui/bidi-isolate';
import { useCopyText } from '../ui/use-copy-text';

const MS_PER_SECOND = 1000;

interface AnswerFooterProps {
  /** The model that wrote the answer and how long the whole answer took. */
  readonly model: string;
  readonly durationMs: number;
  /** What else the pane says of this answer, after the model and the time ("Live voice", "4 passages used"). */
  readonly details?: readonly string[];
  /** What Copy puts on the clipboard: the answer as written, Markdown and all. */
  readonly text: string;
  readonly onCopy: (text: string) => void;
}

/**
 * The line under every written answer, the same in the Assistant, the Secretary and the Oracle: which model
 * wrote it, in how long, and Copy. In the UI's direction, the model's id isolated: the Arabic line reads
 * "model · seconds · ...".
 */
export function AnswerFooter({ model, durationMs, details = [], text, onCopy }: AnswerFooterProps) {
  const { t, i18n } = useTranslation();
  const seconds = numberText(durationMs / MS_PER_SECOND, i18n.language, { maximumFractionDigits: 1 });
  return (
    <div className="bubble-footer">
      <p className="bubble-meta">
        {[t('assistant.answer.meta', { model: isolated(model), seconds }), ...details].map((part, index) => (
          <Fragment key={index}>
            {index > 0 && ' · '}
            <span>{part}</span>
          </Fragment>
        ))}
      </p>
      <button type="button" className="button-small" onClick={() => onCopy(text)}>
        {t('assistant.answer.copy')}
      </button>
    </div>
  );
}

/** Copy for a pane's answers, and what came of it, said the same way in every pane. */
export function useCopyAnswer() {
  const { t } = useTranslation();
  return useCopyText(t('assistant.answer.copied'));
}
