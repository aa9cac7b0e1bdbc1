import { useEffect, useMemo, useRef, useState } from 'react';
import { lines, type CaptionLine } from '../../../../shared/captions';
import { useApi } from '../../api';
import { useCaptureKit } from '../../audio/capture-context';
import { useSessionOwner } from '../../auth/use-session-owner';
import { useSettings } from '../../settings-provider';
import { createCaptionRunner, NO_CAPTIONS, type CaptionRun, type CaptionRunner } from './caption-runner';

export interface LiveCaptions extends CaptionRun, Omit<CaptionRunner, 'dispose'> {
  /** In speaking order. */
  readonly lines: readonly CaptionLine[];
}

/**
 * The member's live-captions session, kept in memory (LiveCaptionsProvider holds it above the panes): signing out,
 * or another member signing in, releases the inputs and cancels what main is still translating. `speech` gets the
 * translation's speech as Live translation streams it.
 */
export function useLiveCaptions(speech: (pcm: Uint8Array) => void): LiveCaptions {
  const api = useApi();
  const kit = useCaptureKit();
  const owner = useSessionOwner();
  const [run, setRun] = useState<CaptionRun>(NO_CAPTIONS);
  const runner = useRef<CaptionRunner | null>(null);
  const speak = useRef(speech);
  speak.current = speech;
  const speechAllowed = useRef(true);
  speechAllowed.current = useSettings()?.features.spokenAnswers ?? true;

  useEffect(() => {
    const created = createCaptionRunner(
      {
        ...kit,
        api,
        now: () => Date.now(),
        after: (ms, callback) => {
          const timer = window.setTimeout(callback, ms);
          return () => window.clearTimeout(timer);
        },
        speech: (pcm) => speak.current(pcm),
        speechAllowed: () => speechAllowed.current,
      },
      setRun,
    );
    runner.current = created;
    return () => {
      created.dispose();
      runner.current = null;
      setRun(NO_CAPTIONS);
    };
    // A new member gets a new session.
  }, [api, kit, owner]);

  const controls = useMemo<Omit<CaptionRunner, 'dispose'>>(
    () => ({
      start: async (inputs, languages) => runner.current?.start(inputs, languages),
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
