import { useTranslation } from 'react-i18next';
import type { AssistantStep } from '../../../shared/assistant';
import { numberText } from '../i18n/locale-format';
import { LabelledList } from '../ui/labelled-list';
import { AnswerMarkdown } from './answer-markdown';
import { summarizeStep } from './step-summary';
import './assistant-steps.css';

// The lines that fence untrusted data for the model (prompt/untrusted-data.ts in main): not for the member's eyes.
const DATA_FENCE = /^<<<(?:END )?UNTRUSTED [A-Z]+ DATA [0-9a-f]+>>>\n?/gm;
/** Obsidian's links and embeds in a note ([[Note]], [[Note#Heading]], [[Note|the words]], ![[file]]). */
const WIKI_LINK = /!?\[\[([^\]|#]*)(?:#([^\]|]*))?(?:\|([^\]]*))?\]\]/g;
/** Deeper than any tool's result goes; beyond it a value is shown as JSON. */
const MAX_DEPTH = 4;
/** A relevance of 0.7166 reads as 0.72, as the sources show it. */
const FRACTION_DIGITS = 2;

/** A wiki link as the words a member reads: its own words when it has them, else the note's (or heading's) name. */
function wikiNames(text: string): string {
  return text.replace(WIKI_LINK, (_link, note: string, heading: string | undefined, words: string | undefined) => {
    const named = [words, note, heading].map((part) => part?.trim() ?? '').find((part) => part !== '');
    return named ?? '';
  });
}

interface ValueProps {
  readonly value: unknown;
  readonly onOpenLink: (url: string) => void;
  readonly depth?: number;
}

/**
 * A tool's arguments or result as a member reads it: text as the Markdown it is (a note's passage, a mail) with its
 * wiki links as names, numbers rounded, lists and fields laid out, the fences gone.
 */
function Value({ value, onOpenLink, depth = 0 }: ValueProps) {
  const { i18n } = useTranslation();
  if (typeof value === 'string') {
    return (
      <div className="assistant-step-value assistant-step-text">
        <AnswerMarkdown text={wikiNames(value.replace(DATA_FENCE, '').trim())} onOpenLink={onOpenLink} />
      </div>
    );
  }
  if (typeof value === 'number') {
    return <pre className="assistant-step-value">{numberText(value, i18n.language, { maximumFractionDigits: FRACTION_DIGITS })}</pre>;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) {
    return <pre className="assistant-step-value">{JSON.stringify(value, null, 2)}</pre>;
  }
  if (Array.isArray(value)) {
    return (
      <ol className="assistant-step-items">
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} onOpenLink={onOpenLink} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return <pre className="assistant-step-value">{'{}'}</pre>;
  return (
    <dl className="assistant-step-fields">
      {entries.map(([key, inner]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            <Value value={inner} onOpenLink={onOpenLink} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * G1 "what the assistant did": each tool call the app ran for this answer, as it happened, in one line (what,
 * and what came of it); opening a line shows what the model asked with and exactly what it got back.
 */
export function AssistantSteps({
  steps,
  onOpenLink,
  label,
}: {
  steps: readonly AssistantStep[];
  onOpenLink: (url: string) => void;
  /** Whose steps they are, when not the Assistant's (the Secretary's lookups). */
  label?: string;
}) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <LabelledList
      label={label ?? t('assistant.steps.heading')}
      className="assistant-steps"
      labelClassName="answer-sources-label"
      listClassName="assistant-step-list"
      ordered
    >
      {steps.map((step, index) => {
        const summary = summarizeStep(step, t);
        return (
          // Steps only ever grow at the end while an answer streams: the position is stable.
          <li key={index} className={summary.failed ? 'assistant-step assistant-step-failed' : 'assistant-step'}>
            <details>
              <summary>
                <span dir="auto">{summary.action}</span>
                {summary.outcome && <span className="assistant-step-outcome"> · {summary.outcome}</span>}
              </summary>
              <div className="assistant-step-details">
                {/* The data is the tools' own, field names and all: it reads left to right in every language. */}
                <p className="assistant-step-label">{t('assistant.steps.args')}</p>
                <div dir="ltr">
                  <Value value={step.args} onOpenLink={onOpenLink} />
                </div>
                <p className="assistant-step-label">{t('assistant.steps.result')}</p>
                <div dir="ltr">
                  <Value value={step.result} onOpenLink={onOpenLink} />
                </div>
              </div>
            </details>
          </li>
        );
      })}
    </LabelledList>
  );
}
