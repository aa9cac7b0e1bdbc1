import { GoogleGenAI } from '@google/genai';
import type { Result } from '../../../shared/result';
import type { Outcome } from './failure';

/** Pinned so that an SDK upgrade cannot silently move the app to other endpoints. */
const GEMINI_API_VERSION = 'v1beta';

/**
 * Reads the member's Gemini key where the app keeps it (the keychain), at every call: null when none is set, an
 * error when it cannot be read. The gateway is handed this and knows nothing of where keys live.
 */
export type ReadGeminiKey = () => Promise<Result<string | null>>;

export interface GeminiClient {
  readonly ai: GoogleGenAI;
  /** Only so that failures can scrub it from what they log. */
  readonly key: string;
}

/**
 * A client for one gateway call, with the key as the keychain holds it right now: the key is read for every
 * call and never kept, so a key changed in Settings applies at once. The SDK's own retries stay off (no
 * `retryOptions`): it ignores RetryInfo and cannot retry network errors, so retry-policy.ts decides instead.
 */
export async function openGeminiClient(deps: { readKey: ReadGeminiKey; baseUrl: string }): Promise<Outcome<GeminiClient>> {
  const read = await deps.readKey();
  if (!read.ok) return { ok: false, failure: { kind: 'keychain', error: read.error } };
  if (read.value === null) return { ok: false, failure: { kind: 'missing_key' } };
  const ai = new GoogleGenAI({
    vertexai: false,
    apiKey: read.value,
    httpOptions: { baseUrl: deps.baseUrl, apiVersion: GEMINI_API_VERSION },
  });
  return { ok: true, value: { ai, key: read.value } };
}
