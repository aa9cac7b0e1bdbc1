import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Digest, DigestFailure, DigestItem, DigestProgress, DigestState } from '../../../shared/digest';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { settingsSectionFor } from '../navigation/settings-sections';
import { followStream, type FollowedStream } from '../ui/follow-stream';
import { errorNotice, type Notice } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import { dateTimeText } from '../ui/date-time-text';
import { relativeTimeText } from '../ui/knowledge-format';
import { mailSender } from '../ui/mail-sender';
import { MailLink, MailRun } from '../chat/mail-link';
import { CopyDiagnostics } from '../ui/copy-diagnostics';
import { offersDiagnostics } from '../ui/error-text';
import { LoadNotice } from '../ui/load-notice';
import { useErrorText } from '../ui/use-error-text';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { useTransientNotice } from '../ui/use-notice';
import { useNow } from '../ui/use-now';
import { useMailboxGate, ZohoReconnect } from './zoho-reconnect';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; state: DigestState };
/** A pass this page started: null progress until main reports the first stage. */
type Run = { kind: 'idle' } | { kind: 'running'; progress: DigestProgress | null };

/** "2 hours ago" stays true while the pane is open. */
const AGE_REFRESH_MS = 60_000;

function useStageText(): (progress: DigestProgress | null) => string {
  const { t } = useTranslation();
  return (progress) => {
    if (progress === null) return t('secretary.digest.stage.starting');
    switch (progress.stage) {
      case 'fetching':
        return t('secretary.digest.stage.fetching');
      case 'reading':
        return progress.total === undefined
          ? t('secretary.digest.stage.readingUncounted')
          : t('secretary.digest.stage.reading', { count: progress.total });
      case 'summarising':
        return t('secretary.digest.stage.summarising');
      case 'saved':
        return t('secretary.digest.stage.saved');
    }
  };
}

/** "2 hours ago", "just now": short enough for a line of meta text; the full date goes in its title. */
function When({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow(AGE_REFRESH_MS);
  return (
    <time dateTime={iso} title={dateTimeText(iso, i18n.language)}>
      {relativeTimeText(iso, now, i18n.language) ?? t('secretary.digest.justNow')}
    </time>
  );
}

/**
 * Issue 11, defect 13: the last pass failed (the scheduled one too): when, why, and what to do about it. A revoked
 * mailbox the gate above already reports is not said twice. A failing part offers Copy diagnostics, as the chat does.
 */
function PassFailure({ failure }: { failure: DigestFailure }) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const { openPane, saysReconnect } = useMailboxGate();
  const { error } = failure;
  const said = describe(error);
  const revoked = error.reason === 'zoho_reconnect_needed';
  if (revoked && saysReconnect) return null;
  return (
    <div className="digest-failure">
      <p className="digest-failure-when">
        {t(failure.trigger === 'scheduled' ? 'secretary.digest.failedScheduled' : 'secretary.digest.failedManual')}{' '}
        <When iso={failure.at} />
      </p>
      {revoked ? (
        <ZohoReconnect />
      ) : (
        <>
          <p>{said.message}</p>
          {said.hint && <p className="muted">{said.hint}</p>}
          {/* Running again cannot help until something is set up: Settings is where. */}
          {error.code === 'NOT_CONFIGURED' && (
            <button type="button" className="button-primary" onClick={() => openPane('settings', { section: settingsSectionFor(error) })}>
              {t('chat.openSettings')}
            </button>
          )}
        </>
      )}
      {offersDiagnostics(error) && <CopyDiagnostics />}
    </div>
  );
}

interface ItemProps {
  readonly item: DigestItem;
  readonly busy: boolean;
  readonly onOpen: (url: string) => void;
  readonly onDismiss: (item: DigestItem) => void;
}

/** One thing that needs the member: who and what (each in its own direction, defect 7), why, and Dismiss. */
function NeedsYouItem({ item, busy, onOpen, onDismiss }: ItemProps) {
  const { t } = useTranslation();
  const sender = mailSender(item.from);
  const subject = item.subject || t('chat.noSubject');
  return (
    <li className="digest-item">
      <div className="digest-item-text">
        <MailLink webUrl={item.webUrl} onOpen={onOpen}>
          <MailRun className="mail-from" title={sender.address ?? undefined}>
            {sender.name}
          </MailRun>
          {' · '}
          <MailRun className="mail-subject">{subject}</MailRun>
        </MailLink>
        <p className="digest-why" dir="auto">
          {item.why}
        </p>
      </div>
      <button
        type="button"
        className="digest-dismiss"
        disabled={busy}
        aria-label={t('secretary.digest.dismiss', { subject, from: sender.name })}
        title={t('secretary.digest.dismiss', { subject, from: sender.name })}
        onClick={() => onDismiss(item)}
      >
        <X aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * S7 as the member sees it: the latest mailbox pass, kept current by main's 'digest:updated', with what still
 * needs the member (each item until its mail is read or it is dismissed), the last pass's failure if it failed,
 * and "Run pass now" with its progress and a Cancel. Flat, to sit above the conversation in the chat's scroll
 * area. Leaving the pane stops listening only: the pass goes on in main, and its result is here next time.
 */
export function DigestPanel() {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const itemsLabelId = useId();
  const stageText = useStageText();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  // "The pass is done." and the like pass on their own: left standing, they read as news about what came next.
  const [notice, setNotice] = useTransientNotice();
  const [dismissing, setDismissing] = useState<string | null>(null);
  /** The item the member dismissed last and where it stood, which Undo puts back, until they do something else here. */
  const [undoable, setUndoable] = useState<{ readonly item: DigestItem; readonly at: number } | null>(null);
  /** How this page's own run failed, until main says more (its state holds the same failure, or a newer pass). */
  const [runFailure, setRunFailure] = useState<DigestFailure | null>(null);
  const stream = useRef<FollowedStream | null>(null);
  const links = useOpenExternal();
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** Where the keyboard goes once a dismissed item has left the list: the item now in its place. */
  const focusItemAt = useRef<number | null>(null);

  const focusAfterRender = useFocusAfterRender({ run: runButton, cancel: cancelButton });

  // Bumped by each change main announces, so that an answer to an older question cannot hide a newer state.
  const news = useRef(0);

  const fetchState = useCallback(async () => {
    const asked = news.current;
    setLoad({ kind: 'loading' });
    const result = await api.digest.state();
    if (news.current !== asked) return;
    setLoad(result.ok ? { kind: 'ready', state: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    // A pass stored or failed while the pane is open (the morning schedule, a run from elsewhere) shows at once.
    const stop = api.on('digest:updated', (state) => {
      news.current += 1;
      setRunFailure(null);
      setLoad({ kind: 'ready', state });
    });
    void fetchState();
    return stop;
  }, [api, fetchState]);
  useEffect(() => () => stream.current?.stop(), []);

  const digest: Digest | null = load.kind === 'ready' ? load.state.latest : null;
  const failure = runFailure ?? (load.kind === 'ready' ? load.state.failure : null);
  const items = digest?.items ?? [];

  useLayoutEffect(() => {
    const at = focusItemAt.current;
    if (at === null) return;
    focusItemAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.digest-dismiss') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? runButton.current)?.focus();
  }, [items]);

  function end(next: Notice | null) {
    // Focus follows only from the Cancel button that goes away; a member typing elsewhere keeps their place.
    focusAfterRender(cancelButton.current !== null && cancelButton.current === document.activeElement ? 'run' : null);
    stream.current = null;
    setRun({ kind: 'idle' });
    setNotice(next);
  }

  function runNow() {
    setNotice(null);
    setUndoable(null);
    setRunFailure(null);
    setRun({ kind: 'running', progress: null });
    focusAfterRender('cancel');
    const calls = { start: () => api.digest.run(), cancel: (requestId: string) => api.digest.cancel({ requestId }) };
    stream.current = followStream(api, 'digest:run', calls, {
      onProgress: ({ data }) => setRun({ kind: 'running', progress: data }),
      onDone: (stored) => {
        news.current += 1;
        setLoad({ kind: 'ready', state: { latest: stored, failure: null } });
        end({ tone: 'success', message: t('secretary.digest.done') });
      },
      onError: (error) => {
        // Said where the last pass's failure is said, as main keeps it: once, with what to do about it.
        setRunFailure({ at: new Date().toISOString(), trigger: 'manual', error });
        end(null);
      },
    });
  }

  function cancelRun() {
    stream.current?.cancel();
    end({ tone: 'info', message: t('secretary.digest.cancelled') });
  }

  async function dismiss(item: DigestItem) {
    setDismissing(item.messageId);
    setNotice(null);
    setUndoable(null);
    // Asked for now: main's 'digest:updated' may bring the shorter list before its answer does.
    const at = items.findIndex((open) => open.messageId === item.messageId);
    focusItemAt.current = at;
    const result = await api.digest.dismiss({ messageId: item.messageId });
    setDismissing(null);
    if (!result.ok) {
      focusItemAt.current = null;
      setNotice(errorNotice(result.error));
      return;
    }
    news.current += 1;
    setLoad({ kind: 'ready', state: result.value });
    setNotice({ tone: 'success', message: t('secretary.digest.dismissed', { subject: item.subject || t('chat.noSubject') }) });
    setUndoable({ item, at });
  }

  async function undoDismiss({ item, at }: { item: DigestItem; at: number }) {
    setUndoable(null);
    setNotice(null);
    // The keyboard goes back to the item, where it stood; asked for now, as main's 'digest:updated' may come first.
    focusItemAt.current = at;
    const result = await api.digest.undismiss({ messageId: item.messageId });
    if (!result.ok) {
      focusItemAt.current = null;
      setNotice(errorNotice(result.error));
      setUndoable({ item, at });
      return;
    }
    news.current += 1;
    setLoad({ kind: 'ready', state: result.value });
    setNotice({ tone: 'success', message: t('secretary.digest.undismissed', { subject: item.subject || t('chat.noSubject') }) });
  }

  const running = run.kind === 'running' ? run : null;
  // A failed pass is worth running again; the label says so where the member looks for it.
  const runLabel = failure && failure.error.code !== 'NOT_CONFIGURED' ? t('secretary.digest.runAgain') : t('secretary.digest.run');

  return (
    <section className="digest" aria-labelledby={headingId} aria-busy={load.kind === 'loading' || running !== null}>
      <div className="digest-head">
        <h2 id={headingId}>{t('secretary.digest.heading')}</h2>
        {digest && (
          <p className="digest-meta">
            {t('secretary.digest.ran')} <When iso={digest.generated_at} />
            {digest.ruido_count > 0 && (
              <>
                {' · '}
                {t('secretary.digest.noise', { count: digest.ruido_count })}
              </>
            )}
          </p>
        )}
      </div>
      {load.kind === 'loading' && <p className="muted">{t('secretary.digest.loading')}</p>}
      {/* Always in the page, so that a failure arriving later (the morning schedule) is announced. */}
      <div aria-live="polite">{failure && <PassFailure failure={failure} />}</div>
      {load.kind === 'ready' && digest === null && failure === null && <p className="muted">{t('secretary.digest.none')}</p>}
      {digest && (
        <p className="digest-summary" dir="auto">
          {digest.resumen}
        </p>
      )}
      {items.length > 0 && (
        <>
          <p id={itemsLabelId} className="digest-items-label">
            {t('secretary.digest.items')}
          </p>
          <ul ref={list} className="digest-items" aria-labelledby={itemsLabelId}>
            {items.map((item) => (
              <NeedsYouItem
                key={item.messageId}
                item={item}
                busy={dismissing === item.messageId}
                onOpen={links.open}
                onDismiss={(dismissed) => void dismiss(dismissed)}
              />
            ))}
          </ul>
        </>
      )}

      <div className="actions">
        <button type="button" ref={runButton} onClick={runNow} disabled={running !== null || load.kind === 'loading'}>
          {runLabel}
        </button>
        {running && (
          <>
            <p className="muted" role="status">
              {stageText(running.progress)}
            </p>
            <button type="button" ref={cancelButton} onClick={cancelRun}>
              {t('common.cancel')}
            </button>
          </>
        )}
      </div>
      <LoadNotice notice={notice ?? links.notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchState()} />
      {undoable && (
        <div className="actions">
          <button type="button" className="button-small" onClick={() => void undoDismiss(undoable)}>
            {t('secretary.digest.undoDismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
