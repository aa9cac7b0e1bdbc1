import { useTranslation } from 'react-i18next';
import { sourcesByNote, type OracleSource } from '../../../shared/oracle';
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

/** How much of the bar a score fills: kept within 0 to 1 whatever comes. */
function barShare(relevance: number): number {
  return Math.min(1, Math.max(0, relevance));
}

/**
 * The passage's relevance (its cosine with the question, the measure the floor holds) as a bar with its value, the
 * bar muted when it is under the floor; "—" where nothing was measured: keyword search, or in it a note that joined
 * because a passage above links to it.
 */
function RelevanceBar({ relevance, linked, weak }: { relevance: number | null; linked: boolean; weak: boolean }) {
  const { t, i18n } = useTranslation();
  if (relevance === null) {
    return (
      <span className="relevance">
        <span className="relevance-value" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">{t(linked ? 'oracle.sources.noRelevanceLinked' : 'oracle.sources.noRelevance')}</span>
      </span>
    );
  }
  const value = relevanceText(relevance, i18n.language);
  return (
    <span className={weak ? 'relevance relevance-weak' : 'relevance'}>
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
 * The notes an answer rests on: title, heading path and each passage's relevance, a weak one marked as weak (or as a
 * keyword match, when the question names it); each opens the note itself. One row per note, its first passage, in
 * the ranking's order (the Assistant's in the order its searches found them); the note's other passages are folded
 * under it.
 */
export function NoteSources({ sources, label, onOpen }: NoteSourcesProps) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <LabelledList
      label={label}
      className="answer-sources"
      labelClassName="answer-sources-label"
      listClassName="stack-list"
    >
      {sourcesByNote(sources).map(([best, ...rest]) => (
        <li key={best!.path} className="note-source-group">
          <NoteSourceRow source={best!} onOpen={onOpen} />
          {rest.length > 0 && (
            <details className="note-source-more">
              <summary>{t('oracle.sources.more', { count: rest.length })}</summary>
              <ul className="stack-list">
                {rest.map((source, index) => (
                  // A long section split further gives pieces with the same path and heading: the position tells them apart.
                  <li key={index}>
                    <NoteSourceRow source={source} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </LabelledList>
  );
}

function NoteSourceRow({ source, onOpen }: { source: OracleSource; onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const heading = headingOf(source);
  return (
    <div className="note-source">
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
        {source.weak && (
          <>
            {' '}
            <span className="tag tag-weak">{t(source.keyword ? 'oracle.sources.keyword' : 'oracle.sources.weak')}</span>
          </>
        )}
      </button>
      <RelevanceBar relevance={source.relevance} linked={source.linked === true} weak={source.weak === true} />
    </div>
  );
}
