import { importJWK, type CryptoKey } from 'jose';
import { z } from 'zod';
import { AUTH } from '../../../shared/limits';
import type { Logger } from '../log/logger';

/** The slice of `fetch` the cache uses; the global fetch fits, and so does a test's stand-in. */
export type JwksFetch = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string>; redirect: 'error' },
) => Promise<Response>;

export interface JwksCacheDeps {
  /** Normalised team URL (see access-config.ts); the keys live at `${teamUrl}/cdn-cgi/access/certs`. */
  teamUrl: string;
  fetch: JwksFetch;
  now: () => number;
  /** Told of every fetch that fails, and whether the cached keys still verify sign-ins meanwhile. */
  log: Logger;
  fetchTimeoutMs?: number;
}

/** Why the key set could not be had, for the log; the member only needs to know the service is unreachable. */
export type JwksFailureCause = 'network' | 'timeout' | 'http_status' | 'malformed';

export type KeyLookup =
  | { found: true; key: CryptoKey }
  | { found: false; reason: 'unknown_key' }
  /** `retryAfterMs`: when the cache will next ask the endpoint. */
  | { found: false; reason: 'jwks_unreachable'; cause: JwksFailureCause; retryAfterMs: number };

export interface JwksCache {
  /** Never throws: a missing key or an unreachable endpoint is a value. */
  getKey(kid: string): Promise<KeyLookup>;
}

type FetchOutcome = { ok: true; keys: Map<string, CryptoKey> } | { ok: false; cause: JwksFailureCause };

const jwksSchema = z.object({ keys: z.array(z.unknown()) });
const rsaSigningJwkSchema = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  n: z.string().min(1),
  e: z.string().min(1),
  use: z.literal('sig').optional(),
  alg: z.literal('RS256').optional(),
});

/**
 * Cloudflare Access signing keys by kid. Keys rotate (about every 6 weeks, with a 7-day overlap), so an unknown
 * kid triggers a refetch; but a stream of tokens with made-up kids must not turn into a stream of requests, so
 * the endpoint is asked at most once per `AUTH.jwksRefetchMinIntervalMs` (failed attempts included), and
 * callers that arrive while a fetch is running wait for that one.
 *
 * Keys are trusted for `AUTH.jwksMaxAgeMs`, so that a key Cloudflare revoked is dropped even when no unknown kid
 * comes along: past that age, the next lookup refetches. When that refetch fails, the cached keys go on verifying
 * for `AUTH.jwksStaleGraceMs` more, and only then is every sign-in refused as unreachable.
 */
export function createJwksCache(deps: JwksCacheDeps): JwksCache {
  const url = `${deps.teamUrl}/cdn-cgi/access/certs`;
  const timeoutMs = deps.fetchTimeoutMs ?? AUTH.jwksFetchTimeoutMs;
  let keys = new Map<string, CryptoKey>();
  /** When `keys` were fetched; null before the first fetch that succeeded. */
  let fetchedAt: number | null = null;
  let lastAttemptAt: number | null = null;
  let lastFailure: JwksFailureCause | null = null;
  let inFlight: Promise<void> | null = null;

  function msUntilNextAttempt(): number {
    if (lastAttemptAt === null) return 0;
    const elapsed = deps.now() - lastAttemptAt;
    // A clock set backwards must not lock the cache out for the length of the jump.
    return elapsed < 0 ? 0 : Math.max(0, AUTH.jwksRefetchMinIntervalMs - elapsed);
  }

  /** Infinite without keys, and after the clock was set back past their fetch: their true age is then unknown. */
  function keysAgeMs(): number {
    if (fetchedAt === null) return Number.POSITIVE_INFINITY;
    const age = deps.now() - fetchedAt;
    return age < 0 ? Number.POSITIVE_INFINITY : age;
  }

  function cachedKey(kid: string, maxAgeMs: number): CryptoKey | undefined {
    return keysAgeMs() < maxAgeMs ? keys.get(kid) : undefined;
  }

  async function refresh(): Promise<void> {
    const startedAt = deps.now();
    lastAttemptAt = startedAt;
    const outcome = await fetchKeys(url, deps.fetch, timeoutMs);
    if (outcome.ok) {
      keys = outcome.keys;
      fetchedAt = startedAt;
      lastFailure = null;
      return;
    }
    lastFailure = outcome.cause;
    const keysAge = keysAgeMs();
    const usableForMs = AUTH.jwksMaxAgeMs + AUTH.jwksStaleGraceMs - keysAge;
    if (usableForMs > 0) {
      const message = 'Cloudflare Access keys could not be fetched: sign-ins are checked with the cached keys meanwhile';
      deps.log.warn(message, { cause: outcome.cause, keysAgeMs: keysAge, usableForMs });
    } else {
      const message = 'Cloudflare Access keys could not be fetched, and no cached keys are recent enough: sign-ins are refused';
      deps.log.warn(message, { cause: outcome.cause });
    }
  }

  return {
    async getKey(kid) {
      const fresh = cachedKey(kid, AUTH.jwksMaxAgeMs);
      if (fresh) return { found: true, key: fresh };
      // Keys past their max age, or a kid not seen yet: ask the endpoint, unless it was asked too recently.
      if (!inFlight && msUntilNextAttempt() === 0) {
        inFlight = refresh().finally(() => {
          inFlight = null;
        });
      }
      if (inFlight) await inFlight;
      const key = cachedKey(kid, AUTH.jwksMaxAgeMs + AUTH.jwksStaleGraceMs);
      if (key) return { found: true, key };
      return lastFailure
        ? { found: false, reason: 'jwks_unreachable', cause: lastFailure, retryAfterMs: msUntilNextAttempt() }
        : { found: false, reason: 'unknown_key' };
    },
  };
}

async function fetchKeys(url: string, fetchJwks: JwksFetch, timeoutMs: number): Promise<FetchOutcome> {
  let body: unknown;
  try {
    const response = await fetchJwks(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      // The key set is served by the team domain itself; a redirect elsewhere is not to be followed.
      redirect: 'error',
    });
    if (!response.ok) return { ok: false, cause: 'http_status' };
    body = await response.json();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { ok: false, cause: 'timeout' };
    return { ok: false, cause: error instanceof SyntaxError ? 'malformed' : 'network' };
  }
  const parsed = jwksSchema.safeParse(body);
  if (!parsed.success) return { ok: false, cause: 'malformed' };
  const keys = new Map<string, CryptoKey>();
  for (const entry of parsed.data.keys) {
    const jwk = rsaSigningJwkSchema.safeParse(entry);
    if (!jwk.success) continue;
    const key = await importPublicKey(jwk.data);
    if (key) keys.set(jwk.data.kid, key);
  }
  return keys.size > 0 ? { ok: true, keys } : { ok: false, cause: 'malformed' };
}

/** RFC 7518 section 3.3: RS256 keys are at least 2048 bits. */
const MIN_RSA_MODULUS_BITS = 2048;

/**
 * Only the public members are imported, so a key set that leaks private parts still yields a verify-only key.
 * WebCrypto imports a garbled modulus as a zero-bit key instead of failing, hence the size check.
 */
async function importPublicKey(jwk: z.infer<typeof rsaSigningJwkSchema>): Promise<CryptoKey | null> {
  try {
    const key = await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256');
    const { modulusLength } = key.algorithm as { modulusLength?: number };
    return modulusLength !== undefined && modulusLength >= MIN_RSA_MODULUS_BITS ? key : null;
  } catch {
    return null;
  }
}
