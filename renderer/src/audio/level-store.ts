import { useSyncExternalStore } from 'react';

/**
 * The microphone's level, 0 to 1, as it changes many times a second: held outside React state so that only the
 * meter that reads it re-renders, not every pane that uses the voice controller.
 */
export interface LevelStore {
  set(level: number): void;
  get(): number;
  subscribe(listener: () => void): () => void;
}

export function createLevelStore(): LevelStore {
  let level = 0;
  const listeners = new Set<() => void>();
  return {
    set(next) {
      const clamped = Math.min(1, Math.max(0, next));
      if (clamped === level) return;
      level = clamped;
      for (const listener of listeners) listener();
    },
    get: () => level,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLevel(store: LevelStore): number {
  return useSyncExternalStore(store.subscribe, store.get);
}
