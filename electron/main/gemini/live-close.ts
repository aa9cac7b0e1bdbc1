import { refusesKey } from './classify-error';
import { parseDurationMs } from './error-body';
import type { GeminiFailure } from './failure';
import { scrubSecrets } from './scrub-secrets';

/**
 * Google ends a Live session it refuses with a WebSocket close: 1007 for an invalid argument (a bad key, a field it
 * does not know), 1008 for a policy refusal (an unknown model, an expired session), 1011 for its own trouble (quota,
 * internal errors), and the reason in its own words. The reason decides; the code breaks ties.
 */
const CODE = { normal: 1000, goingAway: 1001, noStatus: 1005, abnormal: 1006, invalid: 1007, policy: 1008, server: 1011, tryAgain: 1013 } as const;

const DROPPED = new Set<number>([CODE.normal, CODE.goingAway, CODE.noStatus, CODE.abnormal]);

/** A close the client did not ask for, as a failure (docs/external-apis.md, Gemini, Live API). */
export function classifyLiveClose(code: number, reason: string, key?: string): GeminiFailure {
  const detail = scrubSecrets(`${code} ${reason}`.trim(), key);
  const kind = failureKind(code, reason);
  if (kind === 'quota') return { kind, perDay: /per ?day/i.test(reason), ...retryAfter(reason), detail };
  return { kind, detail };
}

type SimpleKind = Exclude<GeminiFailure['kind'], 'keychain' | 'malformed' | 'unsupported'>;

function failureKind(code: number, reason: string): SimpleKind {
  if (refusesKey(reason)) return 'invalid_key';
  if (/quota|RESOURCE_EXHAUSTED/i.test(reason)) return 'quota';
  if (/permission|PERMISSION_DENIED|unregistered callers/i.test(reason)) return 'permission_denied';
  if (code === CODE.policy && /not found for API version|not supported for bidiGenerateContent/i.test(reason)) return 'unknown_model';
  if (/deadline (expired|exceeded)/i.test(reason)) return 'timeout';
  // The end a goAway announced, or a connection Google rotates: nothing is wrong with the request.
  if (/operation was aborted/i.test(reason) || DROPPED.has(code)) return 'network';
  if (code === CODE.server || code === CODE.tryAgain || /unavailable|overloaded/i.test(reason)) return 'overloaded';
  if (code === CODE.invalid || code === CODE.policy) return 'bad_request';
  return 'unexpected';
}

/** Google's quota text says when to come back ("Please retry in 21.5s."), as RetryInfo does over HTTP. */
function retryAfter(reason: string): { retryAfterMs?: number } {
  const match = /retry in (\d+(?:\.\d+)?s)/i.exec(reason);
  const ms = match?.[1] ? parseDurationMs(match[1]) : null;
  return ms === null ? {} : { retryAfterMs: ms };
}
