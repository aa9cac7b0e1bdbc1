import { useTranslation } from 'react-i18next';
import { byRelevance, type OracleSource } from '../../../shared/oracle';
import { relevanceText } from '../ui/knowledge-format';
import { LabelledList } from '../ui/labelled-list';

/** Main joins a chunk's headings with this (electron/main/knowledge/chunk.ts). */
const HEADING_SEPARATOR = ' > ';

/**
 * Where in the note the passage is: its heading path without the note's own title at its head (the first heading of
 * a note is usually its title, already shown), or null when the path says nothing more than the title.
 */
function headingOf({ title, chunkTitle }: OracleSource): string | null {
  const rest = chunkTitle.startsWith(title + HEADING_SEPARATOR) ? chunkTitle.slice(title.length + HEADING_SEPARATOR.length) : chunkTitle;
  return rest === '' || rest === title ? null : rest;
}

/** How much of the bar a relevance fills: cosine similarity may dip below 0, and never passes 1. */
function barShare(relevance: number): number {
  return Math.min(1, Math.max(0, relevance));
}

/** O7's relevance as a bar with its value; "—" in keyword search, where there is no similarity to show. */
function RelevanceBar({ relevance }: { relevance: number | null }) {
  const { t, i18n } = useTranslation();
  if (relevance === null) {
    return (
      <span className="relevance">
        <span className="relevance-value" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">{t('oracle.sources.noRelevance')}</span>
      </span>
    );
  }
  const value = relevanceText(relevance, i18n.language);
  return (
    <span className="relevance">
      <span
        className="relevance-track"
        role="meter"
        aria-label={t('oracle.sources.relevance', { value })}
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={barShare(relevance)}
        aria-valuetext={value}
      >
        <span className="relevance-fill" style={{ inlineSize: `${barShare(relevance) * 100}%` }} />
      </span>
      <span className="relevance-value" aria-hidden="true">
        {value}
      </span>
    </span>
  );
}

interface NoteSourcesProps {
  readonly sources: readonly OracleSource[];
  /** What the list is: the answer's sources, the closest weak matches, or the matching notes. */
  readonly label: string;
  readonly onOpen: (path: string) => void;
}

/**
 * The notes an answer rests on: title, heading path and relevance; each opens the note itself. They are listed in
 * the order of the relevance shown beside them, whatever order they came in (the Assistant gathers its sources over
 * several searches).
 */
export function NoteSources({ sources, label, onOpen }: NoteSourcesProps) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  const listed = [...sources].sort(byRelevance);
  return (
    <LabelledList
      label={label}
      className="answer-sources"
      labelClassName="answer-sources-label"
      listClassName="stack-list"
    >
      {listed.map((source, index) => {
        const heading = headingOf(source);
        return (
          // A long section split further gives pieces with the same path and heading: the position tells them apart.
          <li key={index} className="note-source">
            <button type="button" className="note-source-open" onClick={() => onOpen(source.path)}>
              <span className="note-source-title" dir="auto">
                {source.title}
              </span>
              {heading !== null && (
                <>
                  {' · '}
                  <span className="note-source-heading" dir="auto">
                    {heading}
                  </span>
                </>
              )}
              {source.linked && (
                <>
                  {' '}
                  <span className="tag">{t('oracle.sources.linked')}</span>
                </>
              )}
            </button>
            <RelevanceBar relevance={source.relevance} />
          </li>
        );
      })}
    </LabelledList>
  );
}
