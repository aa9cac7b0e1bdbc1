import { base64url, exportJWK, exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { startHttpDouble, type ExchangeRecord } from './http-double';

/**
 * A protocol double of a Cloudflare Access team (docs/external-apis.md, Cloudflare Access): the JWKS endpoint at
 * /cdn-cgi/access/certs on a real 127.0.0.1 server, CF_Authorization tokens with chosen claims and kid, key
 * rotation with an overlap, and an unreachable mode. Its root stands in for the protected application and the
 * identity provider together, for a real sign-in window: a page with one button that has the double set the
 * CF_Authorization cookie (by a fetch, since a sign-in window follows no plain-http navigation). The team URL is
 * http on loopback, which only the harness's team URL schema accepts.
 */

export const JWKS_PATH = '/cdn-cgi/access/certs';
/** Where the double's sign-in page sends the member's "Continue": answered with the CF_Authorization cookie. */
export const AUTHORIZED_PATH = '/cdn-cgi/access/authorized';
/** The sign-in page's one button. */
export const CONTINUE_LABEL = 'Continue';

/** Claims to set on top of the defaults; a claim set to `undefined` is left out of the token. */
export type ClaimOverrides = Record<string, unknown>;

export interface IssueOptions {
  /** The header's kid; by default the kid of the signing key. */
  kid?: string;
  /** An RSA algorithm other than RS256 signs with the same key under that algorithm. */
  alg?: 'RS256' | 'RS384' | 'RS512' | 'PS256';
  /** exp = now + this (negative for an already expired token). Default 600. */
  expiresInSec?: number;
  /** nbf = now + this (positive for a token not valid yet). Default 0. */
  notBeforeSec?: number;
  /** 'retired': the key before the last rotate(), published until retire(); 'unknown': never published. */
  signWith?: 'current' | 'retired' | 'unknown';
}

export interface CfAccessDoubleOptions {
  /** The application's AUD tag; random 64 hex by default. */
  aud?: string;
  /** The double's clock for iat/nbf/exp, epoch ms. */
  now?: () => number;
  /** Who signs in on the double's sign-in page (its root): their claims on the token its cookie carries. */
  member?: ClaimOverrides;
}

export interface CfAccessDouble {
  /** `http://127.0.0.1:P`: also the `iss` of every token issued. */
  readonly teamUrl: string;
  readonly aud: string;
  /** The kid of the key tokens are signed with now. */
  readonly currentKid: string;
  issue(overrides?: ClaimOverrides, options?: IssueOptions): Promise<string>;
  /** `alg: none`, empty signature, the current kid in the header. */
  issueUnsigned(overrides?: ClaimOverrides): string;
  /**
   * HS256 with the current public key's bytes as the HMAC secret: the key-confusion attack on verifiers that
   * let the token choose the algorithm.
   */
  issueHs256WithPublicKey(overrides?: ClaimOverrides, secret?: 'pem' | 'jwk'): string;
  /** A new current key; the previous one stays published, as during Cloudflare's 7-day overlap. */
  rotate(): Promise<void>;
  /** Stops publishing the key before the last rotation. */
  retire(): void;
  /** 'reset' drops each connection without an answer; 'status503' answers 503. */
  setUnreachable(unreachable: boolean, mode?: 'reset' | 'status503'): void;
  /** Every request the double received, in order. */
  readonly requests: ReadonlyArray<ExchangeRecord>;
  /** How many times the key set was fetched (answered or not). */
  jwksFetchCount(): number;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  publicPem: string;
}

async function createSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  // Cloudflare's kids are 64 hex characters.
  const kid = randomBytes(32).toString('hex');
  return {
    kid,
    privateJwk: await exportJWK(privateKey),
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    publicPem: await exportSPKI(publicKey),
  };
}

export async function startCfAccessDouble(options: CfAccessDoubleOptions = {}): Promise<CfAccessDouble> {
  const aud = options.aud ?? randomBytes(32).toString('hex');
  const now = options.now ?? Date.now;
  let current = await createSigningKey();
  let retired: { key: SigningKey; published: boolean } | null = null;
  // Made on first use: RSA key generation is the slowest part of starting the double.
  let neverPublished: Promise<SigningKey> | null = null;
  let unreachable: 'reset' | 'status503' | null = null;

  const http = await startHttpDouble({
    describe: () => ({}),
    handle(exchange) {
      if (unreachable === 'reset') return exchange.destroySocket();
      if (unreachable === 'status503') {
        return exchange.respond(503, { 'content-type': 'text/plain' }, 'Service Unavailable');
      }
      const { method, path } = exchange.call;
      if (method === 'GET' && path === '/') return exchange.respond(200, { 'content-type': 'text/html; charset=utf-8' }, SIGN_IN_PAGE);
      if (method === 'POST' && path === AUTHORIZED_PATH) {
        return void issue(options.member).then(
          (token) => exchange.respond(204, { 'set-cookie': `CF_Authorization=${token}; Path=/; HttpOnly; SameSite=Lax` }, ''),
          (error: unknown) => exchange.respond(500, { 'content-type': 'text/plain' }, String(error)),
        );
      }
      if (method !== 'GET' || path !== JWKS_PATH) return exchange.respond(404, { 'content-type': 'text/plain' }, 'Not Found');
      const keys = retired?.published ? [current.publicJwk, retired.key.publicJwk] : [current.publicJwk];
      exchange.respond(200, { 'content-type': 'application/json' }, JSON.stringify({ keys }));
    },
  });
  const teamUrl = http.baseUrl;

  function claims(overrides: ClaimOverrides, expiresInSec = 600, notBeforeSec = 0): JWTPayload {
    const nowSec = Math.floor(now() / 1000);
    return {
      aud: [aud],
      email: 'member@example.com',
      exp: nowSec + expiresInSec,
      iat: nowSec,
      nbf: nowSec + notBeforeSec,
      iss: teamUrl,
      type: 'app',
      sub: randomUUID(),
      identity_nonce: randomBytes(12).toString('base64url'),
      country: 'MN',
      ...overrides,
    };
  }

  function keyFor(signWith: IssueOptions['signWith']): Promise<SigningKey> | SigningKey {
    if (signWith === 'unknown') return (neverPublished ??= createSigningKey());
    if (signWith === 'retired') {
      if (!retired) throw new Error('cf-access-double: rotate() before signing with the retired key');
      return retired.key;
    }
    return current;
  }

  async function issue(overrides: ClaimOverrides = {}, issued: IssueOptions = {}): Promise<string> {
    const key = await keyFor(issued.signWith);
    const alg = issued.alg ?? 'RS256';
    return new SignJWT(claims(overrides, issued.expiresInSec, issued.notBeforeSec))
      .setProtectedHeader({ alg, kid: issued.kid ?? key.kid, typ: 'JWT' })
      .sign(await importJWK(key.privateJwk, alg));
  }

  function unsignedParts(header: object, overrides: ClaimOverrides): string {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    return `${encode(header)}.${encode(claims(overrides))}`;
  }

  return {
    teamUrl,
    aud,
    get currentKid() {
      return current.kid;
    },
    issue,
    issueUnsigned(overrides = {}) {
      return `${unsignedParts({ alg: 'none', kid: current.kid, typ: 'JWT' }, overrides)}.`;
    },
    issueHs256WithPublicKey(overrides = {}, secret = 'pem') {
      const signingInput = unsignedParts({ alg: 'HS256', kid: current.kid, typ: 'JWT' }, overrides);
      const keyBytes = secret === 'pem' ? current.publicPem : JSON.stringify(current.publicJwk);
      return `${signingInput}.${createHmac('sha256', keyBytes).update(signingInput).digest('base64url')}`;
    },
    async rotate() {
      retired = { key: current, published: true };
      current = await createSigningKey();
    },
    retire() {
      if (retired) retired.published = false;
    },
    setUnreachable(on, mode = 'reset') {
      unreachable = on ? mode : null;
    },
    requests: http.requests,
    jwksFetchCount: () => http.requests.filter((request) => request.path === JWKS_PATH).length,
    close: () => http.close(),
  };
}

const SIGN_IN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body><main><h1>Sign in to the team</h1>
<button type="button" id="continue">${CONTINUE_LABEL}</button><p id="status" role="status"></p></main>
<script>
document.getElementById('continue').addEventListener('click', async () => {
  const answer = await fetch('${AUTHORIZED_PATH}', { method: 'POST' });
  document.getElementById('status').textContent = answer.ok ? 'Signed in.' : 'Refused.';
});
</script></body></html>`;

/** Changes claims in a signed token and keeps its header and signature: what a forger without the key can do. */
export function tamperPayload(token: string, changes: ClaimOverrides): string {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) {
    throw new Error('tamperPayload: not a compact JWS');
  }
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as JWTPayload;
  return `${header}.${base64url.encode(JSON.stringify({ ...claims, ...changes }))}.${signature}`;
}
