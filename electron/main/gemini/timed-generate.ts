import type { LogFields, Logger } from '../log/logger';
import type { GeminiResult } from './failure';
import type { GeminiGateway } from './gateway';
import type { GenerateRequest, Generation } from './gateway-types';

export interface TimedGenerateDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  /** Milliseconds, for the durations in the log. */
  now: () => number;
  log: Logger;
}

/** The reply, and how long it took: the caller's log line of a success wants it. */
export interface TimedGeneration {
  reply: GeminiResult<Generation>;
  durationMs: number;
}

/**
 * One generate call a member waits on (Voice's speech, Translate's text), timed, with its failure logged here as
 * `failedMessage` with the model, the caller's `fields` (sizes and settings: never the words or the audio), the
 * error's code and reason. A cancel is the member stopping or cutting speech short, not a fault: info, not a warning.
 */
export function createTimedGenerate(deps: TimedGenerateDeps) {
  const { log } = deps;
  return async (request: GenerateRequest, failedMessage: string, fields: LogFields = {}): Promise<TimedGeneration> => {
    const started = deps.now();
    const reply = await deps.gateway.generate(request);
    const durationMs = Math.max(0, Math.round(deps.now() - started));
    if (!reply.ok) {
      const { code, reason } = reply.error;
      (reason === 'cancelled' ? log.info : log.warn)(failedMessage, { model: request.model, ...fields, code, reason, durationMs });
    }
    return { reply, durationMs };
  };
}
