import { ok, type Result } from '../../../shared/result';
import type { KeyCheck } from '../../../shared/secrets';
import type { GeminiFailure, GeminiResult } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';

/** No answer from Google at all: nothing is known about the key, either way. */
const UNREACHED: ReadonlySet<GeminiFailure['kind']> = new Set(['network', 'timeout', 'overloaded', 'unexpected']);
/** Google turned the key itself down: storing it would only fail every feature later. */
const KEY_REFUSED: ReadonlySet<GeminiFailure['kind']> = new Set(['invalid_key', 'permission_denied']);
/** No check took place: there was no key to try, the keychain could not be read, or the check was cancelled. */
const NOT_TRIED: ReadonlySet<GeminiFailure['kind']> = new Set(['missing_key', 'keychain', 'cancelled']);

/** What a call made with the key says about it, or null when no call was made that could say anything. */
export function keyCheckOf(result: GeminiResult<unknown>, checkedAt: number): KeyCheck | null {
  if (result.ok) return { outcome: 'works', checkedAt };
  if (NOT_TRIED.has(result.failure.kind)) return null;
  // A wait ("try again in 20 seconds") is true when it is said, not when Settings is opened later.
  const { retryAfterMs: _wait, ...error } = result.error;
  return { outcome: UNREACHED.has(result.failure.kind) ? 'unverified' : 'failed', checkedAt, error };
}

/**
 * Tries a key before it is stored: what to record about it, or why Google refused it. It is tried on the models
 * endpoint with the assistant's model as Settings name it, which is free, so it proves the key without spending
 * its quota. One that could not be tried (no network) is stored as "unverified": offline, a member must still be
 * able to save their key.
 */
export function vetGeminiKey(deps: {
  gateway: Pick<GeminiGateway, 'lookUpModel'>;
  model: () => string;
  now: () => number;
}): (key: string, signal?: AbortSignal) => Promise<Result<KeyCheck>> {
  return async (key, signal) => {
    const looked = await deps.gateway.lookUpModel({ model: deps.model(), key, ...(signal ? { signal } : {}) });
    if (looked.ok) return ok({ outcome: 'works', checkedAt: deps.now() });
    const check = keyCheckOf(looked, deps.now());
    // A refused key is not stored; nor is one whose check was cancelled: the member then asked for nothing.
    if (check === null || KEY_REFUSED.has(looked.failure.kind)) return { ok: false, error: looked.error };
    return ok(check);
  };
}
