import { useEffect, useMemo, useRef, useState } from 'react';
import { lines, type CaptionLine } from '../../../../shared/captions';
import { useApi } from '../../api';
import { useSegmenterKit } from '../../audio/segmenter-context';
import { useAuth } from '../../auth/auth-context';
import { createCaptionRunner, NO_CAPTIONS, type CaptionRun, type CaptionRunner } from './caption-runner';

export interface LiveCaptions extends CaptionRun, Omit<CaptionRunner, 'dispose'> {
  /** In speaking order. */
  readonly lines: readonly CaptionLine[];
}

/**
 * The member's live-captions session, kept in memory (LiveCaptionsProvider holds it above the panes): signing out,
 * or another member signing in, releases the input and cancels what main is still translating.
 */
export function useLiveCaptions(): LiveCaptions {
  const api = useApi();
  const kit = useSegmenterKit();
  const { status } = useAuth();
  const member = status?.state === 'signed_in' ? status.email : null;
  const [run, setRun] = useState<CaptionRun>(NO_CAPTIONS);
  const runner = useRef<CaptionRunner | null>(null);

  useEffect(() => {
    const created = createCaptionRunner(
      {
        ...kit,
        translate: (input) => api.translate.segment(input),
        cancel: (requestId) => void api.translate.cancelSegment({ requestId }),
        now: () => Date.now(),
        after: (ms, callback) => {
          const timer = window.setTimeout(callback, ms);
          return () => window.clearTimeout(timer);
        },
      },
      setRun,
    );
    runner.current = created;
    return () => {
      created.dispose();
      runner.current = null;
      setRun(NO_CAPTIONS);
    };
    // A new member gets a new session; none at all while nobody is signed in.
  }, [api, kit, member]);

  const controls = useMemo<Omit<CaptionRunner, 'dispose'>>(
    () => ({
      start: async (input, languages) => runner.current?.start(input, languages),
      pause: () => runner.current?.pause(),
      resume: () => runner.current?.resume(),
      stop: () => runner.current?.stop(),
      clear: () => runner.current?.clear(),
      retry: (id) => runner.current?.retry(id),
    }),
    [],
  );

  const shown = useMemo(() => lines(run.session), [run.session]);
  return { ...run, ...controls, lines: shown };
}
