import { epochMsAt, type OutputClock, type PageClock } from './output-clock';

/**
 * A player's state, the seam for the UI, browser tests and the benchmark: is it speaking, how many clips (or Live
 * answers) have started, was the last one cut short, and when the latest one's first sample is heard (epoch ms on the
 * page clock; null before any).
 */
export interface SpeakingState {
  playing: boolean;
  started: number;
  stopped: boolean;
  firstSampleAt: number | null;
}

/** Both players' state: a new object on each change (fit for React's useSyncExternalStore). */
export interface SpeakingStore {
  state(): SpeakingState;
  subscribe(listener: (state: SpeakingState) => void): () => void;
  /** A clip or an answer was scheduled to start at context time `when`. */
  started(when: number): void;
  /** Nothing sounds any more: played out, or cut short (`stopped`). */
  silent(stopped: boolean): void;
}

export function createSpeakingStore(context: OutputClock, clock: PageClock): SpeakingStore {
  let snapshot: SpeakingState = { playing: false, started: 0, stopped: false, firstSampleAt: null };
  const listeners = new Set<(state: SpeakingState) => void>();
  const update = (change: Partial<SpeakingState>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener(snapshot);
  };
  return {
    state: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    started: (when) => update({ playing: true, started: snapshot.started + 1, stopped: false, firstSampleAt: epochMsAt(context, when, clock) }),
    silent: (stopped) => update({ playing: false, stopped }),
  };
}
