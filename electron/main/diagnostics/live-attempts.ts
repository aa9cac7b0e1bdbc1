import type { LiveSetup, OpenLive } from '../gemini/live-types';

/** How the last try to open a Live session of one kind went: opened, or the failure's kind (unknown_model, network...). */
export interface LiveAttempt {
  model: string;
  /** Epoch milliseconds. */
  at: number;
  outcome: string;
}

export interface LiveAttempts {
  /** Voice questions' sessions (issue 24) and live captions' translation sessions (issue 25), since the app started. */
  last(): { voice: LiveAttempt | null; translation: LiveAttempt | null };
}

/**
 * What the app knows of the Live API's availability is what its sessions met: voice questions and captions fall back
 * on their own when Live refuses them, and say so only to the page. `openLive` wrapped here notes each try's outcome,
 * for the diagnostics; the sessions themselves pass through untouched.
 */
export function watchLiveAttempts(openLive: OpenLive, now: () => number): { openLive: OpenLive } & LiveAttempts {
  const last: Record<'voice' | 'translation', LiveAttempt | null> = { voice: null, translation: null };
  const kindOf = (setup: LiveSetup) => (setup.kind === 'translation' ? 'translation' : 'voice');
  return {
    async openLive(setup, onEvent, signal) {
      const opened = await openLive(setup, onEvent, signal);
      // The member stopped before it opened: that says nothing of Live.
      if (!opened.ok && opened.failure.kind === 'cancelled') return opened;
      last[kindOf(setup)] = { model: setup.model, at: now(), outcome: opened.ok ? 'opened' : opened.failure.kind };
      return opened;
    },
    last: () => ({ ...last }),
  };
}
