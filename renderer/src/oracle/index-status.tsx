import { useTranslation } from 'react-i18next';
import type { IndexProgressEvent, KnowledgeIssue, KnowledgeStatus } from '../../../shared/oracle';
import type { OpenPane } from '../navigation/pane-id';
import { isolated } from '../ui/bidi-isolate';
import { numberText, relativeTimeText } from '../ui/knowledge-format';
import { useNow } from '../ui/use-now';
import type { KnowledgeStatusView } from './use-knowledge-status';
import { LoadNotice } from '../ui/load-notice';

/** "indexed 2 minutes ago" moves on with the clock; a minute is as fine as it reads. */
const AGE_REFRESH_MS = 60_000;

type IssueReason = KnowledgeIssue['reason'];

function isFolderIssue(reason: IssueReason): reason is 'folder_missing' | 'folder_unreadable' {
  return reason === 'folder_missing' || reason === 'folder_unreadable';
}

/** Why the base searches by words alone: the issue main named, else that the notes are not embedded yet. */
function lexicalReason(issue: KnowledgeIssue | null): 'no_key' | 'embedding_failed' | 'rate_limited' | 'pending' {
  switch (issue?.reason) {
    case 'no_key':
    case 'embedding_failed':
    case 'rate_limited':
      return issue.reason;
    default:
      return 'pending';
  }
}

function IndexProgress({ progress }: { progress: IndexProgressEvent | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const label = progress
    ? t(`oracle.status.${progress.phase}`, { done: numberText(progress.done, lang), total: numberText(progress.total, lang) })
    : t('oracle.status.indexing');
  const share = progress && progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  return (
    <div className="index-progress">
      {/* Without numbers yet the bar is indeterminate: no aria-valuenow. */}
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress?.total}
        aria-valuenow={progress?.done}
      >
        <div className="progress-fill" style={{ inlineSize: `${share * 100}%` }} />
      </div>
      <p className="muted" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}

/** Links main left out because they lead out of the folder, by their place in it; past the first few, an ellipsis. */
function LinksOutside({ links }: { links: KnowledgeStatus['linksOutside'] }) {
  const { t } = useTranslation();
  return (
    <div className="index-issue index-issue-warning">
      <p>{t('oracle.status.linksOutside')}</p>
      <ul className="index-links">
        {links.paths.map((path) => (
          <li key={path}>
            {/* A path reads left to right in every UI language; the list keeps the page's direction. */}
            <span dir="ltr" className="path">
              {path}
            </span>
          </li>
        ))}
        {links.count > links.paths.length && <li>…</li>}
      </ul>
    </div>
  );
}

function StatusLine({ status, indexing, onReindex }: { status: KnowledgeStatus; indexing: boolean; onReindex: () => void }) {
  const { t, i18n } = useTranslation();
  const now = useNow(AGE_REFRESH_MS);
  const lang = i18n.language;
  const age = status.indexedAt === null ? undefined : relativeTimeText(status.indexedAt, now, lang);
  let indexed = t('oracle.status.notIndexed');
  if (age === null) indexed = t('oracle.status.indexedJustNow');
  else if (age !== undefined) indexed = t('oracle.status.indexedAgo', { when: age });
  return (
    <p className="index-line">
      <span>{t('oracle.status.notes', { count: status.notes, number: numberText(status.notes, lang) })}</span>
      <span aria-hidden="true"> · </span>
      <span>{indexed}</span>
      <span aria-hidden="true"> · </span>
      {/* aria-disabled, not disabled: the button keeps keyboard focus while the pass runs. */}
      <button
        type="button"
        className="button-link"
        aria-disabled={indexing}
        onClick={() => {
          if (!indexing) onReindex();
        }}
      >
        {t('oracle.status.reindex')}
      </button>
    </p>
  );
}

/**
 * The index status on top of the pane: "1,234 notes · indexed 2 minutes ago · Re-index", a progress bar while
 * indexing, the keyword-only label with its reason, and what is wrong with the folder, with the way to choose another.
 */
export function IndexStatus({ knowledge, openPane }: { knowledge: KnowledgeStatusView; openPane: OpenPane }) {
  const { t } = useTranslation();
  const { load, reindexing, notice, reload, reindex, chooseFolder } = knowledge;
  const status = load.kind === 'ready' ? load.status : null;
  const indexing = reindexing || status?.state === 'indexing';
  const issue = status?.issue ?? null;

  return (
    <section className="index-status" aria-label={t('oracle.status.heading')} aria-busy={load.kind === 'loading'}>
      {load.kind === 'loading' && <p className="muted">{t('oracle.status.loading')}</p>}
      {status && (
        <>
          <p className="index-folder">
            {status.folder.isDefault ? (
              t('oracle.status.builtIn')
            ) : (
              <span dir="ltr" className="path">
                {status.folder.path}
              </span>
            )}
          </p>
          <StatusLine status={status} indexing={indexing} onReindex={reindex} />
          {indexing && <IndexProgress progress={status.state === 'indexing' ? status.progress : null} />}
          {status.mode === 'lexical' && (
            <div className="lexical-mode">
              <p>
                <span className="oracle-badge">{t('oracle.status.lexical')}</span> {t(`oracle.status.lexicalWhy.${lexicalReason(issue)}`)}
              </p>
              {issue?.reason === 'no_key' && (
                <button type="button" onClick={() => openPane('settings', { section: 'gemini' })}>
                  {t('oracle.status.addKey')}
                </button>
              )}
            </div>
          )}
          {issue && isFolderIssue(issue.reason) && (
            <div className="index-issue">
              <p>{t(`oracle.status.issue.${issue.reason}`, { path: isolated(status.folder.path) })}</p>
              <button type="button" onClick={() => void chooseFolder()}>
                {t('oracle.status.chooseFolder')}
              </button>
            </div>
          )}
          {issue?.reason === 'index_failed' && (
            <p className="index-issue">
              {t('oracle.status.issue.index_failed')}
            </p>
          )}
          {status.linksOutside.count > 0 && <LinksOutside links={status.linksOutside} />}
        </>
      )}
      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void reload()} />
    </section>
  );
}
