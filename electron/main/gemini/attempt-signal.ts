/** The abort signal of one attempt: the caller's cancel or this attempt's own deadline, whichever comes first. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True once the deadline (not the caller) aborted the attempt. */
  timedOut(): boolean;
  /** Starts the deadline again: a stream that keeps sending is alive, however long it takes. */
  extend(): void;
  /**
   * Stops the clock and lets go of the caller's signal; closes whatever of the request is still open unless its
   * response was read to the end (`finished`), where aborting would only wake every listener for nothing.
   */
  dispose(finished?: boolean): void;
}

export function openAttemptSignal(caller: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new DOMException('The Gemini request took too long.', 'TimeoutError'));
    }, timeoutMs);
  };
  const onCallerAbort = () => {
    clearTimeout(timer);
    controller.abort(caller?.reason);
  };
  if (caller?.aborted) onCallerAbort();
  else {
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    extend() {
      if (!controller.signal.aborted) arm();
    },
    dispose(finished = false) {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
      // A stream left early (a safety stop) would otherwise hold its connection until the server ends it.
      if (!finished) controller.abort(new DOMException('The Gemini attempt is over.', 'AbortError'));
    },
  };
}
