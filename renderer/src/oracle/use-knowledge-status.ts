import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnowledgeStatus } from '../../../shared/oracle';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { followStream, type FollowedStream } from '../ui/follow-stream';
import { errorNotice, type Notice } from '../ui/notice';

export type KnowledgeLoad = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; status: KnowledgeStatus };

export interface KnowledgeStatusView {
  readonly load: KnowledgeLoad;
  /** A re-index this page asked for is running. */
  readonly reindexing: boolean;
  readonly notice: Notice | null;
  reload(): Promise<void>;
  reindex(): void;
  chooseFolder(): Promise<void>;
}

/**
 * The knowledge base as main reports it, kept current by 'oracle:changed' (indexing started, progressed, ended, or the
 * folder moved: whoever caused it) and by the progress of a re-index asked for here. Leaving the pane stops
 * listening only: the pass goes on in main.
 */
export function useKnowledgeStatus(): KnowledgeStatusView {
  const api = useApi();
  const { t } = useTranslation();
  const [load, setLoad] = useState<KnowledgeLoad>({ kind: 'loading' });
  const [reindexing, setReindexing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const stream = useRef<FollowedStream | null>(null);
  // Bumped by every news from main, so that an answer to an older status question cannot hide newer news.
  const news = useRef(0);

  const show = useCallback((status: KnowledgeStatus) => {
    news.current += 1;
    setLoad({ kind: 'ready', status });
  }, []);

  const reload = useCallback(async () => {
    const asked = news.current;
    setLoad((current) => (current.kind === 'failed' ? { kind: 'loading' } : current));
    const result = await api.oracle.status();
    if (news.current !== asked) return;
    setLoad(result.ok ? { kind: 'ready', status: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    const stop = api.on('oracle:changed', show);
    void reload();
    return stop;
  }, [api, reload, show]);
  useEffect(() => () => stream.current?.stop(), []);

  function end(next: Notice) {
    stream.current = null;
    setReindexing(false);
    setNotice(next);
  }

  function reindex() {
    if (stream.current) return;
    setNotice(null);
    setReindexing(true);
    stream.current = followStream(api, 'oracle:reindex', { start: () => api.oracle.reindex() }, {
      onProgress: ({ data: progress }) => {
        news.current += 1;
        setLoad((current) =>
          current.kind === 'ready' ? { kind: 'ready', status: { ...current.status, state: 'indexing', progress } } : current,
        );
      },
      onDone: (status) => {
        show(status);
        end({ tone: 'success', message: t('oracle.status.reindexed') });
      },
      onError: (error) => end(errorNotice(error)),
    });
  }

  async function chooseFolder() {
    setNotice(null);
    const result = await api.oracle.chooseFolder();
    if (!result.ok) setNotice(errorNotice(result.error));
    else if (result.value.chosen) await reload();
  }

  return { load, reindexing, notice, reload, reindex, chooseFolder };
}
