export interface RunCaller<P> {
  /** This caller no longer waits: it gets `cancelled()` at once; the run goes on while anyone else waits. */
  signal: AbortSignal;
  onProgress?: (progress: P) => void;
}

export type RunWork<P, R> = (signal: AbortSignal, progress: (progress: P) => void) => Promise<R>;

export interface SharedRuns<P, R> {
  /**
   * Starts the work for `key`, or joins the one already running: a late caller sees the latest progress at
   * once, then the rest, and gets the same result. The work is aborted when every caller has left.
   */
  join(key: string, work: RunWork<P, R>, caller: RunCaller<P>): Promise<R>;
}

interface Run<P, R> {
  readonly controller: AbortController;
  /** One per caller still waiting. */
  readonly listeners: Set<(progress: P) => void>;
  readonly progress: { latest: P | null };
  readonly result: Promise<R>;
}

/** At most one run per key: "Run pass now" during a scheduled pass follows that pass instead of starting another. */
export function createSharedRuns<P, R>(cancelled: () => R): SharedRuns<P, R> {
  const runs = new Map<string, Run<P, R>>();

  function forget(key: string, run: Run<P, R>) {
    if (runs.get(key) === run) runs.delete(key);
  }

  function begin(key: string, work: RunWork<P, R>): Run<P, R> {
    const controller = new AbortController();
    const listeners = new Set<(progress: P) => void>();
    const progress: Run<P, R>['progress'] = { latest: null };
    const result = work(controller.signal, (next) => {
      progress.latest = next;
      for (const listener of listeners) listener(next);
    });
    const run: Run<P, R> = { controller, listeners, progress, result };
    runs.set(key, run);
    const done = () => forget(key, run);
    result.then(done, done);
    return run;
  }

  return {
    join(key, work, { signal, onProgress }) {
      if (signal.aborted) return Promise.resolve(cancelled());
      const run = runs.get(key) ?? begin(key, work);
      // A closure of its own, so that two callers passing the same function still count as two.
      const listener = (progress: P) => onProgress?.(progress);
      if (run.progress.latest !== null) listener(run.progress.latest);
      run.listeners.add(listener);

      return new Promise<R>((resolve, reject) => {
        const leave = () => {
          run.listeners.delete(listener);
          if (run.listeners.size === 0) {
            // Nobody waits any more: the work stops, and the next caller starts afresh rather than joining it.
            run.controller.abort();
            forget(key, run);
          }
          resolve(cancelled());
        };
        signal.addEventListener('abort', leave, { once: true });
        const settle = () => {
          signal.removeEventListener('abort', leave);
          run.listeners.delete(listener);
        };
        run.result.then(
          (result) => {
            settle();
            resolve(result);
          },
          (error: unknown) => {
            settle();
            reject(error);
          },
        );
      });
    },
  };
}
