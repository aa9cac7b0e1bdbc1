import { useEffect, useMemo, useRef, useState } from 'react';
import { lines, type CaptionLine } from '../../../../shared/captions';
import { useApi } from '../../api';
import { createCaptionRunner, NO_CAPTIONS, type CaptionRun, type CaptionRunner } from './caption-runner';
import { useSegmenterKit } from './segmenter-context';

export interface LiveCaptions extends CaptionRun, Omit<CaptionRunner, 'dispose'> {
  /** In speaking order. */
  readonly lines: readonly CaptionLine[];
}

/**
 * The pane's live-captions session, kept in memory while the pane is open: leaving it (or signing out, which
 * closes it) releases the input and cancels what main is still translating.
 */
export function useLiveCaptions(): LiveCaptions {
  const api = useApi();
  const kit = useSegmenterKit();
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
  }, [api, kit]);

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
