import { createHmac } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportSPKI,
  importJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AUTHORIZED_PATH, CONTINUE_LABEL, JWKS_PATH, startCfAccessDouble, tamperPayload, type CfAccessDouble } from './cf-access-double';

const NOW_MS = 1_800_000_000_000;
const NOW_SEC = NOW_MS / 1000;

let shared: CfAccessDouble;

beforeAll(async () => {
  shared = await startCfAccessDouble({ now: () => NOW_MS });
});

afterAll(async () => {
  await shared.close();
});

async function ownDouble(options: Parameters<typeof startCfAccessDouble>[0] = {}): Promise<CfAccessDouble> {
  const double = await startCfAccessDouble({ now: () => NOW_MS, ...options });
  onTestFinished(() => double.close());
  return double;
}

async function servedKeys(double: CfAccessDouble): Promise<JSONWebKeySet> {
  const response = await fetch(`${double.teamUrl}${JWKS_PATH}`);
  expect(response.status).toBe(200);
  return (await response.json()) as JSONWebKeySet;
}

/** Verifies with jose alone, as an independent reader of the double's tokens. */
async function verifyIndependently(double: CfAccessDouble, token: string) {
  return jwtVerify(token, createLocalJWKSet(await servedKeys(double)), {
    algorithms: ['RS256'],
    issuer: double.teamUrl,
    audience: double.aud,
    currentDate: new Date(NOW_MS),
  });
}

describe('startCfAccessDouble', () => {
  it("signs the member in from its root page: Continue sets the application's CF_Authorization cookie", async () => {
    const double = await ownDouble({ member: { email: 'ana.perez@example.com', name: 'Ana Pérez' } });
    const page = await fetch(`${double.teamUrl}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`>${CONTINUE_LABEL}</button>`);
    expect(html).toContain(`fetch('${AUTHORIZED_PATH}', { method: 'POST' })`);

    const authorized = await fetch(`${double.teamUrl}${AUTHORIZED_PATH}`, { method: 'POST' });
    expect(authorized.status).toBe(204);
    const cookie = authorized.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^CF_Authorization=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = cookie.slice('CF_Authorization='.length, cookie.indexOf(';'));
    const { payload } = await verifyIndependently(double, token);
    expect(payload).toMatchObject({ email: 'ana.perez@example.com', name: 'Ana Pérez', aud: [double.aud] });
    // Only a POST is let in: a page load or a link cannot sign anyone in by itself.
    expect((await fetch(`${double.teamUrl}${AUTHORIZED_PATH}`)).status).toBe(404);
  });

  it('listens on loopback and makes up a 64-hex AUD tag unless given one', async () => {
    expect(shared.teamUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shared.aud).toMatch(/^[0-9a-f]{64}$/);
    const chosen = 'c0'.repeat(32);
    expect((await ownDouble({ aud: chosen })).aud).toBe(chosen);
  });

  it("serves the current public key in Cloudflare's JWKS shape, with no private members", async () => {
    const { keys } = await servedKeys(shared);
    expect(keys).toEqual([
      { kty: 'RSA', kid: shared.currentKid, alg: 'RS256', use: 'sig', n: expect.any(String), e: 'AQAB' },
    ]);
    expect(shared.currentKid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues an RS256 token with the claims Cloudflare Access puts in CF_Authorization', async () => {
    const token = await shared.issue();
    const { payload, protectedHeader } = await verifyIndependently(shared, token);

    expect(protectedHeader).toEqual({ alg: 'RS256', kid: shared.currentKid, typ: 'JWT' });
    expect(payload).toMatchObject({
      aud: [shared.aud],
      email: 'member@example.com',
      iss: shared.teamUrl,
      type: 'app',
      iat: NOW_SEC,
      nbf: NOW_SEC,
      exp: NOW_SEC + 600,
      sub: expect.any(String),
      identity_nonce: expect.any(String),
    });
  });

  it('applies claim overrides, leaves out claims set to undefined, and places exp and nbf as asked', async () => {
    const token = await shared.issue(
      { email: undefined, common_name: 'svc.access', name: 'Edu' },
      { expiresInSec: -30, notBeforeSec: 90 },
    );
    const claims = decodeJwt(token);
    expect(claims).not.toHaveProperty('email');
    expect(claims).toMatchObject({ common_name: 'svc.access', name: 'Edu', exp: NOW_SEC - 30, nbf: NOW_SEC + 90 });
  });

  it('puts a chosen kid or algorithm in the header', async () => {
    expect(decodeProtectedHeader(await shared.issue({}, { kid: 'made-up' })).kid).toBe('made-up');
    expect(decodeProtectedHeader(await shared.issue({}, { alg: 'PS256' })).alg).toBe('PS256');
  });

  it('publishes both keys after a rotation and only the new one after retire()', async () => {
    const double = await ownDouble();
    const firstKid = double.currentKid;
    await double.rotate();
    expect(double.currentKid).not.toBe(firstKid);
    expect((await servedKeys(double)).keys.map((key) => key.kid)).toEqual([double.currentKid, firstKid]);
    const retiredToken = await double.issue({}, { signWith: 'retired' });
    expect(decodeProtectedHeader(retiredToken).kid).toBe(firstKid);
    await expect(verifyIndependently(double, retiredToken)).resolves.toBeDefined();

    double.retire();
    expect((await servedKeys(double)).keys.map((key) => key.kid)).toEqual([double.currentKid]);
    await expect(verifyIndependently(double, retiredToken)).rejects.toThrow();
  });

  it('signs with a key it never publishes when asked to', async () => {
    const token = await shared.issue({}, { signWith: 'unknown' });
    const kid = decodeProtectedHeader(token).kid;
    expect((await servedKeys(shared)).keys.map((key) => key.kid)).not.toContain(kid);
  });

  it('mints an unsigned alg:none token naming the current kid', () => {
    const token = shared.issueUnsigned({ email: 'boss@example.com' });
    expect(token.endsWith('.')).toBe(true);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'none', kid: shared.currentKid, typ: 'JWT' });
    expect(decodeJwt(token).email).toBe('boss@example.com');
  });

  it('mints HS256 tokens whose HMAC secret really is the published public key (PEM or JWK bytes)', async () => {
    const [published] = (await servedKeys(shared)).keys as [JWK & { kty: 'RSA' }];
    const pem = await exportSPKI(await importJWK(published, 'RS256'));
    for (const [secret, keyBytes] of [
      ['pem', pem],
      ['jwk', JSON.stringify(published)],
    ] as const) {
      const token = shared.issueHs256WithPublicKey({}, secret);
      const [header, payload, signature] = token.split('.');
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: shared.currentKid });
      expect(createHmac('sha256', keyBytes).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    }
  });

  it('tamperPayload changes the claims and keeps the header and signature', async () => {
    const token = await shared.issue();
    const tampered = tamperPayload(token, { email: 'boss@example.com' });
    const [header, , signature] = token.split('.');
    expect(tampered.split('.')[0]).toBe(header);
    expect(tampered.split('.')[2]).toBe(signature);
    expect(decodeJwt(tampered).email).toBe('boss@example.com');
    await expect(verifyIndependently(shared, tampered)).rejects.toThrow(/signature/);
  });

  it('drops connections or answers 503 while unreachable, and serves keys again afterwards', async () => {
    const double = await ownDouble();
    const certs = `${double.teamUrl}${JWKS_PATH}`;
    double.setUnreachable(true);
    await expect(fetch(certs)).rejects.toThrow();
    double.setUnreachable(true, 'status503');
    expect((await fetch(certs)).status).toBe(503);
    double.setUnreachable(false);
    expect((await fetch(certs)).status).toBe(200);
  });

  it('records every request and counts the JWKS fetches among them', async () => {
    const double = await ownDouble();
    await servedKeys(double);
    expect((await fetch(`${double.teamUrl}/elsewhere`)).status).toBe(404);
    await servedKeys(double);

    expect(double.requests.map((request) => request.path)).toEqual([JWKS_PATH, '/elsewhere', JWKS_PATH]);
    expect(double.jwksFetchCount()).toBe(2);
  });

  it('stops listening when closed', async () => {
    const double = await startCfAccessDouble();
    await double.close();
    await expect(fetch(`${double.teamUrl}${JWKS_PATH}`)).rejects.toThrow();
  });
});
