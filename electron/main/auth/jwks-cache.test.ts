import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../../shared/limits';
import { createMemoryLogger } from '../log/logger';
import { createJwksCache, type JwksFetch } from './jwks-cache';

const TEAM_URL = 'https://myteam.cloudflareaccess.com';
const CERTS_URL = `${TEAM_URL}/cdn-cgi/access/certs`;

async function signingJwk(kid: string, extra: Partial<JWK> = {}): Promise<JWK> {
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig', ...extra };
}

type Reply = { status?: number; body?: unknown } | 'network_error' | 'hang';

/** A scripted endpoint: `reply` decides each answer; every call is counted. */
function scriptedFetch(reply: () => Reply) {
  const urls: string[] = [];
  const fetch: JwksFetch = async (url, init) => {
    urls.push(url);
    const next = reply();
    if (next === 'network_error') throw new TypeError('fetch failed');
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal.addEventListener('abort', () => reject(init.signal.reason), { once: true });
      });
    }
    const body = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(body, { status: next.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, urls };
}

function manualClock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (ms: number) => (now = ms) };
}

let keyA: JWK;
let keyB: JWK;
beforeAll(async () => {
  [keyA, keyB] = await Promise.all([signingJwk('kid-a'), signingJwk('kid-b')]);
});

describe('createJwksCache', () => {
  it('fetches the team key set once and answers later lookups from memory', async () => {
    const endpoint = scriptedFetch(() => ({ body: { keys: [keyA, keyB] } }));
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now });

    expect((await cache.getKey('kid-a')).found).toBe(true);
    expect((await cache.getKey('kid-b')).found).toBe(true);
    expect((await cache.getKey('kid-a')).found).toBe(true);
    expect(endpoint.urls).toEqual([CERTS_URL]);
  });

  it('refetches on an unknown kid once the minimum interval has passed, and finds a key published since', async () => {
    let keys = [keyA];
    const endpoint = scriptedFetch(() => ({ body: { keys } }));
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    keys = [keyA, keyB];
    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    expect((await cache.getKey('kid-b')).found).toBe(true);
    expect(endpoint.urls).toHaveLength(2);
  });

  it('does not ask the endpoint again for an unknown kid within the minimum interval', async () => {
    const endpoint = scriptedFetch(() => ({ body: { keys: [keyA] } }));
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    clock.advance(AUTH.jwksRefetchMinIntervalMs - 1);
    expect(await cache.getKey('kid-unknown')).toEqual({ found: false, reason: 'unknown_key' });
    expect(endpoint.urls).toHaveLength(1);
  });

  it('lets callers that arrive during a fetch share it instead of starting their own', async () => {
    const endpoint = scriptedFetch(() => ({ body: { keys: [keyA] } }));
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now });

    const lookups = await Promise.all(['kid-a', 'kid-x', 'kid-y', 'kid-a'].map((kid) => cache.getKey(kid)));
    expect(lookups.map((lookup) => (lookup.found ? 'found' : lookup.reason))).toEqual([
      'found',
      'unknown_key',
      'unknown_key',
      'found',
    ]);
    expect(endpoint.urls).toHaveLength(1);
  });

  it.each<[string, Reply, string]>([
    ['a 5xx answer', { status: 503, body: 'Service Unavailable' }, 'http_status'],
    ['a 404 answer', { status: 404, body: {} }, 'http_status'],
    ['a network error', 'network_error', 'network'],
    ['a body that is not JSON', { body: '<html>' }, 'malformed'],
    ['JSON without keys', { body: { public_cert: {} } }, 'malformed'],
    ['a key set with no RSA signing key', { body: { keys: [{ kty: 'EC', kid: 'e', crv: 'P-256' }] } }, 'malformed'],
  ])('turns %s into an unreachable key set, without throwing', async (_, reply, cause) => {
    const endpoint = scriptedFetch(() => reply);
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now });

    await expect(cache.getKey('kid-a')).resolves.toEqual({
      found: false,
      reason: 'jwks_unreachable',
      cause,
      retryAfterMs: AUTH.jwksRefetchMinIntervalMs,
    });
  });

  it('gives up on an endpoint that does not answer within the timeout', async () => {
    const endpoint = scriptedFetch(() => 'hang');
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now, fetchTimeoutMs: 20 });

    const lookup = await cache.getKey('kid-a');
    expect(lookup).toMatchObject({ found: false, reason: 'jwks_unreachable', cause: 'timeout' });
  });

  it('after a failure, says when it will try again, and recovers once the endpoint is back', async () => {
    let reply: Reply = 'network_error';
    const endpoint = scriptedFetch(() => reply);
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    expect((await cache.getKey('kid-a')).found).toBe(false);

    reply = { body: { keys: [keyA] } };
    clock.advance(15_000);
    expect(await cache.getKey('kid-a')).toEqual({
      found: false,
      reason: 'jwks_unreachable',
      cause: 'network',
      retryAfterMs: AUTH.jwksRefetchMinIntervalMs - 15_000,
    });
    expect(endpoint.urls).toHaveLength(1);

    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    expect((await cache.getKey('kid-a')).found).toBe(true);
    expect(endpoint.urls).toHaveLength(2);
  });

  it('keeps the keys it has when a refetch fails', async () => {
    let reply: Reply = { body: { keys: [keyA] } };
    const endpoint = scriptedFetch(() => reply);
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    reply = { status: 502 };
    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    expect((await cache.getKey('kid-new')).found).toBe(false);
    expect((await cache.getKey('kid-a')).found).toBe(true);
  });

  it('drops keys the endpoint no longer publishes', async () => {
    let keys = [keyA, keyB];
    const endpoint = scriptedFetch(() => ({ body: { keys } }));
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    keys = [keyB];
    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    await cache.getKey('kid-unknown');
    expect(await cache.getKey('kid-a')).toEqual({ found: false, reason: 'unknown_key' });
  });

  it('ignores keys that are not RS256 signing keys and keeps the rest', async () => {
    const [encryption, otherAlg] = await Promise.all([signingJwk('kid-enc', { use: 'enc' }), signingJwk('kid-rs512', { alg: 'RS512' })]);
    const endpoint = scriptedFetch(() => ({
      body: { keys: [encryption, otherAlg, { kty: 'RSA', kid: 'kid-broken', n: '!!', e: 'AQAB' }, 'junk', keyA] },
    }));
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now });

    expect((await cache.getKey('kid-a')).found).toBe(true);
    for (const kid of ['kid-enc', 'kid-rs512', 'kid-broken']) {
      expect(await cache.getKey(kid)).toEqual({ found: false, reason: 'unknown_key' });
    }
  });

  it('imports only the public half of a key even when the endpoint leaks the private parts', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const leaked = { ...(await exportJWK(privateKey)), kid: 'kid-leaked' };
    const endpoint = scriptedFetch(() => ({ body: { keys: [leaked] } }));
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: manualClock().now });

    const lookup = await cache.getKey('kid-leaked');
    expect(lookup.found && lookup.key.type).toBe('public');
  });

  it('is not locked out when the clock is set backwards after a fetch', async () => {
    const endpoint = scriptedFetch(() => ({ body: { keys: [keyA] } }));
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    clock.advance(-24 * 60 * 60 * 1000);
    await cache.getKey('kid-unknown');
    expect(endpoint.urls).toHaveLength(2);
  });

  it('does not vouch for keys of unknown age: after the clock is set back past their fetch, they need a refetch', async () => {
    let reply: Reply = { body: { keys: [keyA] } };
    const endpoint = scriptedFetch(() => reply);
    const clock = manualClock();
    const cache = createJwksCache({ teamUrl: TEAM_URL, log: createMemoryLogger(), fetch: endpoint.fetch, now: clock.now });
    await cache.getKey('kid-a');

    reply = 'network_error';
    clock.advance(-60_000);
    expect(await cache.getKey('kid-a')).toMatchObject({ found: false, reason: 'jwks_unreachable', cause: 'network' });
  });
});
