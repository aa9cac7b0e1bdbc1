import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import { useSettings } from '../../settings-provider';
import { useCaptionsFromDesktop } from './use-captions-from-desktop';
import { useLiveCaptions, type LiveCaptions } from './use-live-captions';
import { useSpokenCaptions } from './use-spoken-captions';

export interface LiveCaptionsSession {
  readonly captions: LiveCaptions;
  readonly spoken: ReturnType<typeof useSpokenCaptions>;
}

const LiveCaptionsContext = createContext<LiveCaptionsSession | null>(null);

/**
 * A meeting's live captions, held above the panes (in AppProviders) like the conversations: the member looks
 * something up in another pane and the captions go on, heard and read aloud, until Stop or sign-out. The tray
 * starts and stops them too, and shows whether they run.
 */
export function LiveCaptionsProvider({ children }: { children: ReactNode }) {
  // The streamed speech reaches the speaker made below from the captions' lines: a ref ties the two together.
  const hear = useRef<(pcm: Uint8Array) => void>(() => undefined);
  const captions = useLiveCaptions((pcm) => hear.current(pcm));
  useCaptionsFromDesktop(captions);
  const settings = useSettings();
  // Read aloud from the start when Settings says so, never when the machine's policy switched it off.
  const spoken = useSpokenCaptions(captions.lines, captions.startedAt, {
    preferred: settings?.captions.speak ?? false,
    allowed: settings?.features.spokenAnswers ?? true,
  });
  hear.current = spoken.stream;
  const session = useMemo(() => ({ captions, spoken }), [captions, spoken]);
  return <LiveCaptionsContext value={session}>{children}</LiveCaptionsContext>;
}

export function useLiveCaptionsSession(): LiveCaptionsSession {
  const session = use(LiveCaptionsContext);
  if (!session) throw new Error('Live captions need a <LiveCaptionsProvider> above them (see AppProviders).');
  return session;
}
