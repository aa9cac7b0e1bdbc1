import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Digest, DigestProgress } from '../../../shared/digest';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { followStream, type FollowedStream } from '../ui/follow-stream';
import { errorNotice, type Notice } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import { dateTimeText } from '../ui/date-time-text';
import { MailLink } from '../chat/mail-link';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; digest: Digest | null };
/** A pass this page started: null progress until main reports the first stage. */
type Run = { kind: 'idle' } | { kind: 'running'; progress: DigestProgress | null };

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

/**
 * S7 as the member sees it: the latest mailbox pass on top of the pane, kept current by main's 'digest:updated', and
 * "Run pass now" with its progress and a Cancel. Leaving the pane stops listening only: the pass goes on in main,
 * and its result is here next time.
 */
export function DigestPanel() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const stageText = useStageText();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const stream = useRef<FollowedStream | null>(null);
  const links = useOpenExternal();
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ run: runButton, cancel: cancelButton });

  // Bumped by each pass main announces, so that an answer to an older question cannot hide a newer pass.
  const news = useRef(0);

  const fetchLatest = useCallback(async () => {
    const asked = news.current;
    setLoad({ kind: 'loading' });
    const result = await api.digest.latest();
    if (news.current !== asked) return;
    setLoad(result.ok ? { kind: 'ready', digest: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    // A pass stored while the pane is open (the morning schedule, or a run from elsewhere) shows at once.
    const stop = api.on('digest:updated', (digest) => {
      news.current += 1;
      setLoad({ kind: 'ready', digest });
    });
    void fetchLatest();
    return stop;
  }, [api, fetchLatest]);
  useEffect(() => () => stream.current?.stop(), []);

  function end(next: Notice) {
    // Focus follows only from the Cancel button that goes away; a member typing elsewhere keeps their place.
    focusAfterRender(cancelButton.current !== null && cancelButton.current === document.activeElement ? 'run' : null);
    stream.current = null;
    setRun({ kind: 'idle' });
    setNotice(next);
  }

  function runNow() {
    setNotice(null);
    setRun({ kind: 'running', progress: null });
    focusAfterRender('cancel');
    const calls = { start: () => api.digest.run(), cancel: (requestId: string) => api.digest.cancel({ requestId }) };
    stream.current = followStream(api, 'digest:run', calls, {
      onProgress: ({ data }) => setRun({ kind: 'running', progress: data }),
      onDone: (digest) => {
        setLoad({ kind: 'ready', digest });
        end({ tone: 'info', message: t('secretary.digest.done') });
      },
      onError: (error) => end(errorNotice(error)),
    });
  }

  function cancelRun() {
    stream.current?.cancel();
    end({ tone: 'info', message: t('secretary.digest.cancelled') });
  }

  const digest = load.kind === 'ready' ? load.digest : null;
  const running = run.kind === 'running' ? run : null;

  return (
    <section className="card digest" aria-labelledby={headingId} aria-busy={load.kind === 'loading' || running !== null}>
      <h2 id={headingId}>{t('secretary.digest.heading')}</h2>
      {load.kind === 'loading' && <p className="muted">{t('secretary.digest.loading')}</p>}
      {load.kind === 'ready' && digest === null && <p className="muted">{t('secretary.digest.none')}</p>}
      {digest && (
        <>
          <p className="digest-summary">
            {t('secretary.digest.summary', {
              date: dateTimeText(digest.generated_at, i18n.language),
              resumen: digest.resumen,
              noise: digest.ruido_count,
            })}
          </p>
          {digest.items.length > 0 && (
            <>
              <p className="digest-items-label">{t('secretary.digest.items')}</p>
              <ul className="stack-list digest-items">
                {digest.items.map((item) => (
                  <li key={item.messageId}>
                    <MailLink webUrl={item.webUrl} onOpen={links.open}>
                      <span className="mail-from" dir="auto">{item.from}</span>
                      {' · '}
                      <span className="mail-subject" dir="auto">{item.subject || t('chat.noSubject')}</span>
                    </MailLink>
                    <p className="muted" dir="auto">
                      {item.why}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      <div className="actions">
        <button type="button" ref={runButton} onClick={runNow} disabled={running !== null || load.kind === 'loading'}>
          {t('secretary.digest.run')}
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
      <LoadNotice notice={notice ?? links.notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchLatest()} />
    </section>
  );
}
