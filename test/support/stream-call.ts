import type { StreamTerminal } from '../../shared/ipc/define';
import type { AppError, Result } from '../../shared/result';
import type { Sender } from '../../electron/main/ipc/sender';
import { fakeSender } from './fake-sender';

export interface StreamCallResult {
  /** The call's start refused (signed out, bad input), else its terminal event's value or error. */
  result: Result<unknown>;
  /** The call's progress events (name and data), in the order they came, before its end. */
  progress: Array<{ event: string; data: unknown }>;
}

type Payload = { data?: unknown; value?: unknown; error?: AppError };

/**
 * A stream call through a registry, followed to its end as a page follows it, from a window of its own (so every
 * event it hears is this call's): for tests that ask what it ended with and what was reported on the way.
 */
export async function callToEnd(
  registry: { call(channel: unknown, input: unknown, sender: Sender): Promise<Result<unknown>> },
  channel: string,
  input: unknown,
  terminal: StreamTerminal,
  /** Hears each progress event the moment main sends it, while the call still runs. */
  onProgress?: (event: string, data: unknown) => void,
): Promise<StreamCallResult> {
  const progress: StreamCallResult['progress'] = [];
  let settle: (result: Result<unknown>) => void = () => {};
  const ended = new Promise<Result<unknown>>((resolve) => (settle = resolve));
  const sender: Sender = {
    ...fakeSender().sender,
    send(event, payload) {
      const { data, value, error } = payload as Payload;
      if (event === terminal.done) settle({ ok: true, value });
      else if (event === terminal.error && error) settle({ ok: false, error });
      else {
        progress.push({ event, data });
        onProgress?.(event, data);
      }
    },
  };
  const started = await registry.call(channel, input, sender);
  if (!started.ok) return { result: started, progress };
  return { result: await ended, progress };
}
