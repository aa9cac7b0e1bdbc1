import type { GeminiResult } from './failure';
import type { GeminiGateway } from './gateway';
import type { Generation, StreamChunk, StreamRequest } from './gateway-types';

/**
 * The gateway's stream as an async iterator: `for await (const chunk of streamChunks(...))` yields text as it
 * arrives, and the generator's return value is the whole turn (or the failure). Leaving the loop early (break,
 * return, a throw in the body) cancels the HTTP request, as does the caller's own signal.
 */
export async function* streamChunks(
  gateway: Pick<GeminiGateway, 'stream'>,
  request: Omit<StreamRequest, 'onChunk'>,
): AsyncGenerator<StreamChunk, GeminiResult<Generation>, undefined> {
  const stop = new AbortController();
  const signal = request.signal ? AbortSignal.any([request.signal, stop.signal]) : stop.signal;
  const queue: StreamChunk[] = [];
  let wake: (() => void) | null = null;
  let outcome: GeminiResult<Generation> | null = null;

  const finished = gateway
    .stream({
      ...request,
      signal,
      onChunk: (chunk) => {
        queue.push(chunk);
        wake?.();
      },
    })
    .then((result) => {
      outcome = result;
      wake?.();
    });

  try {
    while (true) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (outcome) return outcome;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    // Reached early only when the consumer stopped iterating: the request must not run on unread.
    if (!outcome) {
      stop.abort();
      await finished;
    }
  }
}
