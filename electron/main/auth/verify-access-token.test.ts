import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startCfAccessDouble, tamperPayload, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { AUTH } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import { createMemoryLogger } from '../log/logger';
import { createJwksCache, type JwksCache } from './jwks-cache';
import { verifyAccessToken, type VerifiedIdentity } from './verify-access-token';

const SKEW_SEC = AUTH.clockSkewMs / 1000;

let clockMs: number;
const now = () => clockMs;
/** Key generation is slow: tests that leave the team's keys as they are share one double. */
let shared: CfAccessDouble;
let double: CfAccessDouble;
let jwks: JwksCache;
let log: ReturnType<typeof createMemoryLogger>;

beforeAll(async () => {
  shared = await startCfAccessDouble({ now });
});

afterAll(async () => {
  await shared.close();
});

beforeEach(() => {
  clockMs = Date.now();
  double = shared;
  log = createMemoryLogger();
  jwks = createJwksCache({ teamUrl: double.teamUrl, fetch, now, log });
});

/** For a test that rotates keys or takes the endpoint down. */
async function useOwnDouble(): Promise<void> {
  double = await startCfAccessDouble({ now });
  jwks = createJwksCache({ teamUrl: double.teamUrl, fetch, now, log });
  const own = double;
  onTestFinished(() => own.close());
}

function verify(token: string): Promise<Result<VerifiedIdentity>> {
  return verifyAccessToken(token, { teamUrl: double.teamUrl, aud: double.aud, jwks, now });
}

async function reasonFor(token: string): Promise<string | undefined> {
  const result = await verify(token);
  return result.ok ? 'accepted' : result.error.reason;
}

const UNREACHABLE =
  'The sign-in service (Cloudflare Access) cannot be reached to check your sign-in. Check your connection and try again.';

function randomKid(): string {
  return randomBytes(32).toString('hex');
}

describe('verifyAccessToken', () => {
  it('accepts a valid token and names the member by its verified email, with expiry and issue times', async () => {
    const token = await double.issue({ email: 'edu@example.com', name: 'Edu' }, { expiresInSec: 3600 });
    const issuedAtSec = Math.floor(clockMs / 1000);

    expect(await verify(token)).toEqual({
      ok: true,
      value: {
        email: 'edu@example.com',
        name: 'Edu',
        expiresAt: (issuedAtSec + 3600) * 1000,
        issuedAt: issuedAtSec * 1000,
      },
    });
  });

  it('leaves the name out when the token has none', async () => {
    const result = await verify(await double.issue());
    expect(result.ok && result.value).toEqual(expect.not.objectContaining({ name: expect.anything() }));
  });

  it('refuses an expired token, telling the member to sign in again', async () => {
    const result = await verify(await double.issue({}, { expiresInSec: -(SKEW_SEC + 60) }));
    expect(result).toEqual({
      ok: false,
      error: { code: 'UNAUTHENTICATED', reason: 'expired', message: expect.stringMatching(/expired.*Sign in again/) },
    });
  });

  it('refuses a token whose nbf is beyond the allowed clock skew', async () => {
    expect(await reasonFor(await double.issue({}, { notBeforeSec: SKEW_SEC + 60 }))).toBe('not_yet_valid');
  });

  it('accepts a token that expired, or becomes valid, within the clock skew', async () => {
    expect(await reasonFor(await double.issue({}, { expiresInSec: -SKEW_SEC / 2 }))).toBe('accepted');
    expect(await reasonFor(await double.issue({}, { notBeforeSec: SKEW_SEC / 2 }))).toBe('accepted');
  });

  it('refuses a token issued for another application (aud)', async () => {
    expect(await reasonFor(await double.issue({ aud: [randomKid()] }))).toBe('wrong_audience');
  });

  it('accepts a token whose aud lists the configured tag among others', async () => {
    expect(await reasonFor(await double.issue({ aud: [randomKid(), double.aud] }))).toBe('accepted');
  });

  it('refuses a token from another team (iss)', async () => {
    expect(await reasonFor(await double.issue({ iss: 'https://otherteam.cloudflareaccess.com' }))).toBe('wrong_issuer');
  });

  it('refuses a token whose payload was changed after signing (bad signature)', async () => {
    const token = await double.issue({ email: 'member@example.com' });
    expect(await reasonFor(tamperPayload(token, { email: 'boss@example.com' }))).toBe('bad_signature');
  });

  it('reports a forged token as forged even when its claims are also out of date', async () => {
    const token = await double.issue({}, { expiresInSec: -3600 });
    expect(await reasonFor(tamperPayload(token, { exp: Math.floor(clockMs / 1000) + 3600 }))).toBe('bad_signature');
  });

  it('refuses an unsigned token (alg: none) without fetching any key', async () => {
    const fetchesBefore = double.jwksFetchCount();
    expect(await reasonFor(double.issueUnsigned())).toBe('unsupported_algorithm');
    expect(double.jwksFetchCount()).toBe(fetchesBefore);
  });

  it.each(['pem', 'jwk'] as const)(
    'refuses an HS256 token signed with the public key as HMAC secret (%s bytes): key confusion',
    async (secret) => {
      const fetchesBefore = double.jwksFetchCount();
      expect(await reasonFor(double.issueHs256WithPublicKey({}, secret))).toBe('unsupported_algorithm');
      expect(double.jwksFetchCount()).toBe(fetchesBefore);
    },
  );

  it('refuses a token signed by the published key under another RSA algorithm', async () => {
    expect(await reasonFor(await double.issue({}, { alg: 'RS384' }))).toBe('unsupported_algorithm');
  });

  it('finds a rotated-in key with exactly one refetch, and keeps accepting the previous key during the overlap', async () => {
    await useOwnDouble();
    const before = await double.issue();
    expect(await reasonFor(before)).toBe('accepted');
    expect(double.jwksFetchCount()).toBe(1);

    await double.rotate();
    clockMs += AUTH.jwksRefetchMinIntervalMs;
    expect(await reasonFor(await double.issue())).toBe('accepted');
    expect(double.jwksFetchCount()).toBe(2);

    expect(await reasonFor(before)).toBe('accepted');
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('accepted');
    expect(double.jwksFetchCount()).toBe(2);
  });

  it('refuses a key once Cloudflare has retired it', async () => {
    await useOwnDouble();
    await double.rotate();
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('accepted');

    double.retire();
    clockMs += AUTH.jwksRefetchMinIntervalMs;
    await verify(await double.issue({}, { kid: randomKid() }));
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('unknown_key');
  });

  it('refuses a token signed with a key the team never published', async () => {
    expect(await reasonFor(await double.issue({}, { signWith: 'unknown' }))).toBe('unknown_key');
  });

  it('answers a concurrent burst of 50 tokens with made-up kids with at most one extra JWKS request', async () => {
    await verify(await double.issue());
    const fetchesBefore = double.jwksFetchCount();
    clockMs += AUTH.jwksRefetchMinIntervalMs;

    const tokens = await Promise.all(Array.from({ length: 50 }, () => double.issue({}, { kid: randomKid() })));
    const reasons = await Promise.all(tokens.map(reasonFor));
    expect(new Set(reasons)).toEqual(new Set(['unknown_key']));
    expect(double.jwksFetchCount() - fetchesBefore).toBeLessThanOrEqual(1);
  });

  it('answers a sequential stream of 50 tokens with made-up kids with at most one extra JWKS request', async () => {
    await verify(await double.issue());
    const fetchesBefore = double.jwksFetchCount();
    clockMs += AUTH.jwksRefetchMinIntervalMs;

    for (let i = 0; i < 50; i++) {
      expect(await reasonFor(await double.issue({}, { kid: randomKid() }))).toBe('unknown_key');
      clockMs += 1000;
    }
    expect(double.jwksFetchCount() - fetchesBefore).toBeLessThanOrEqual(1);
  });

  it.each(['reset', 'status503'] as const)(
    'says the sign-in service cannot be reached when the JWKS endpoint is down (%s), and recovers once it is back',
    async (mode) => {
      await useOwnDouble();
      const token = await double.issue({}, { expiresInSec: 3600 });
      double.setUnreachable(true, mode);
      const down = await verify(token);
      expect(down).toEqual({
        ok: false,
        error: {
          code: 'UPSTREAM',
          reason: 'jwks_unreachable',
          message: expect.stringMatching(/sign-in service .* cannot be reached/),
          retryAfterMs: AUTH.jwksRefetchMinIntervalMs,
        },
      });

      double.setUnreachable(false);
      clockMs += AUTH.jwksRefetchMinIntervalMs;
      expect(await reasonFor(token)).toBe('accepted');
    },
  );

  it('refuses a service token (common_name, no email)', async () => {
    const token = await double.issue({ email: undefined, common_name: 'a1b2c3.access', sub: '' });
    const result = await verify(token);
    expect(result).toEqual({
      ok: false,
      error: { code: 'UNAUTHENTICATED', reason: 'service_token', message: expect.stringMatching(/staff account/) },
    });
  });

  it('refuses a token that carries a service token client id even next to an email', async () => {
    expect(await reasonFor(await double.issue({ common_name: 'a1b2c3.access' }))).toBe('service_token');
  });

  it.each([[undefined], [''], ['not-an-address']])('refuses a token whose email is %j', async (email) => {
    expect(await reasonFor(await double.issue({ email }))).toBe('missing_email');
  });

  it('refuses a token that is not an application token (type)', async () => {
    expect(await reasonFor(await double.issue({ type: 'org' }))).toBe('wrong_type');
  });

  it.each([
    ['an empty string', ''],
    ['a string that is not a JWT', 'not.a.jwt'],
    ['a JWT without exp', null],
  ])('refuses %s as malformed', async (_, raw) => {
    const token = raw ?? (await double.issue({ exp: undefined }));
    expect(await reasonFor(token)).toBe('malformed');
  });

  it('refuses a token without a kid as malformed', async () => {
    expect(await reasonFor(await double.issue({}, { kid: '' }))).toBe('malformed');
  });

  it('never repeats the token in its message', async () => {
    const token = await double.issue({ aud: [randomKid()] });
    const result = await verify(token);
    expect(JSON.stringify(result)).not.toContain(token.split('.')[1]);
  });
});

describe('verifyAccessToken past the key set\'s max age', () => {
  it('refuses a retired key once the cached keys are past max age, though its kid is still cached', async () => {
    await useOwnDouble();
    await double.rotate();
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('accepted');

    double.retire();
    clockMs += AUTH.jwksMaxAgeMs - 1;
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('accepted');
    clockMs += 1;
    expect(await reasonFor(await double.issue({}, { signWith: 'retired' }))).toBe('unknown_key');
    expect(await reasonFor(await double.issue())).toBe('accepted');
    expect(double.jwksFetchCount()).toBe(2);
  });

  it('keeps verifying with the cached keys while the refetch fails within the grace period, and logs it', async () => {
    await useOwnDouble();
    expect(await reasonFor(await double.issue())).toBe('accepted');

    double.setUnreachable(true);
    clockMs += AUTH.jwksMaxAgeMs;
    expect(await reasonFor(await double.issue())).toBe('accepted');
    clockMs += AUTH.jwksStaleGraceMs - 1;
    expect(await reasonFor(await double.issue())).toBe('accepted');
    expect(log.lines.join('\n')).toContain('sign-ins are checked with the cached keys meanwhile');
  });

  it('refuses every sign-in as unreachable once the grace period is over, and recovers when the keys can be fetched', async () => {
    await useOwnDouble();
    expect(await reasonFor(await double.issue())).toBe('accepted');

    double.setUnreachable(true, 'status503');
    clockMs += AUTH.jwksMaxAgeMs + AUTH.jwksStaleGraceMs;
    expect(await verify(await double.issue())).toEqual({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'jwks_unreachable', message: UNREACHABLE, retryAfterMs: AUTH.jwksRefetchMinIntervalMs },
    });
    expect(log.lines.join('\n')).toContain('no cached keys are recent enough');

    double.setUnreachable(false);
    clockMs += AUTH.jwksRefetchMinIntervalMs;
    expect(await reasonFor(await double.issue())).toBe('accepted');
  });

  it('lets concurrent verifications share one refetch', async () => {
    await useOwnDouble();
    expect(await reasonFor(await double.issue())).toBe('accepted');

    clockMs += AUTH.jwksMaxAgeMs;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => double.issue()));
    expect(await Promise.all(tokens.map(reasonFor))).toEqual(tokens.map(() => 'accepted'));
    expect(double.jwksFetchCount()).toBe(2);
  });
});
