import type { GoogleGenAI } from '@google/genai';
import type { Logger } from '../log/logger';
import type { Sleep } from '../timers/sleep';
import { openAttemptSignal, type AttemptSignal } from './attempt-signal';
import { classifyThrown } from './classify-error';
import type { GeminiFailure, Outcome } from './failure';
import type { CallOptions } from './gateway-types';
import { openGeminiClient, type ReadGeminiKey } from './gemini-client';
import { RETRY_TIMING, withRetry, type AttemptOutcome } from './retry-policy';

export interface CallerDeps {
  /** Where the key comes from: the keychain, or a key the member typed and that is checked before it is stored. */
  readKey: ReadGeminiKey;
  baseUrl: string;
  log: Logger;
  sleep: Sleep;
  random: () => number;
}

export interface AttemptContext {
  readonly ai: GoogleGenAI;
  /** Pass `.signal` as the SDK's `config.abortSignal`. */
  readonly deadline: AttemptSignal;
  /** For an attempt that catches an error itself (a stream that already spoke). */
  classify(error: unknown): GeminiFailure;
}

export type GeminiCall = <T>(
  operation: string,
  options: CallOptions,
  attempt: (context: AttemptContext) => Promise<AttemptOutcome<T>>,
) => Promise<Outcome<T>>;

/**
 * The one path to Gemini: a client with the current key, a deadline per attempt, every throw classified,
 * our retry policy, and one log line per failed attempt (kind, status, scrubbed detail; never the key).
 */
export function createGeminiCaller(deps: CallerDeps): GeminiCall {
  return async (operation, options, attempt) => {
    const client = await openGeminiClient(deps);
    if (!client.ok) return client;
    const { ai, key } = client.value;
    return withRetry(
      async () => {
        const deadline = openAttemptSignal(options.signal, options.timeoutMs);
        const classify = (error: unknown) =>
          classifyThrown(error, {
            callerAborted: options.signal?.aborted ?? false,
            timedOut: deadline.timedOut(),
            key,
          });
        let outcome: Awaited<ReturnType<typeof attempt>>;
        try {
          outcome = await attempt({ ai, deadline, classify });
        } catch (error) {
          outcome = { ok: false, failure: classify(error) };
        }
        // An attempt that succeeded read its whole response (a stream to its end): nothing of it is left open.
        deadline.dispose(outcome.ok);
        return outcome;
      },
      {
        attempts: options.attempts,
        signal: options.signal,
        sleep: deps.sleep,
        random: deps.random,
        timing: { ...RETRY_TIMING, quotaWaitMaxMs: options.quotaWaitMaxMs ?? RETRY_TIMING.quotaWaitMaxMs },
        onFailure(failure, number, retryInMs) {
          const { kind, status, detail } = failure;
          const fields = { operation, model: options.model, attempt: number, kind, status, detail, retryInMs };
          if (failure.kind === 'cancelled') deps.log.info('gemini call cancelled', fields);
          else deps.log.warn('gemini call failed', fields);
        },
      },
    );
  };
}
