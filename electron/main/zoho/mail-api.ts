import type { Logger } from '../log/logger';
import type { Throttle } from './throttle';
import type { TokenManager } from './token-manager';
import { zohoFailed, type ZohoFailure, type ZohoResult } from './zoho-failure';
import type { ZohoAnswer, ZohoHttp, ZohoRequest } from './zoho-http';
import { zohoEnvelopeSchema, zohoErrorDataSchema } from './zoho-wire';

/**
 * Authorised calls on the Mail API (`/api/...`), throttled, with one refresh and one retry after a 401 (which Zoho
 * answers before it acts, so a retried POST cannot create twice). `path` is built by the caller from validated IDs
 * only; each answers the `data` of Zoho's envelope.
 */
export interface MailApi {
  get(path: string, query: Record<string, string>, signal: AbortSignal): Promise<ZohoResult<unknown>>;
  /** Creates a message (a draft: all the app ever writes); a grant without leave to create is `compose_scope_missing`. */
  post(path: string, body: object, signal: AbortSignal): Promise<ZohoResult<unknown>>;
}

export interface MailApiDeps {
  http: ZohoHttp;
  tokens: TokenManager;
  throttle: Throttle;
  mailUrl: () => string;
  log: Logger;
}

type Classified =
  | { kind: 'ok'; data: unknown }
  | { kind: 'unauthorised' }
  | { kind: 'scope_refused' }
  | { kind: 'locked' }
  | { kind: 'not_found' }
  | { kind: 'error' };

const RATE_LIMIT_WORDS = /too.?many|rate.?limit|throttl|limit.?exceed|locked/i;

/**
 * A call whose grant lacks the scope, whatever the HTTP status Zoho sends it with (401 among them, where a token
 * refresh would only spend the budget: the new token has the same scopes).
 */
const SCOPE_REFUSED = 'INVALID_OAUTHSCOPE';

interface Call {
  request: Omit<ZohoRequest, 'headers'>;
  /** What a grant without this call's scope means to the member. */
  scopeRefused: ZohoFailure;
}

export function createMailApi(deps: MailApiDeps): MailApi {
  async function attempt(call: Call, signal: AbortSignal): Promise<ZohoResult<{ token: string; answer: ZohoAnswer }>> {
    const slot = await deps.throttle.acquire(signal);
    if (!slot.ok) return zohoFailed(slot.failure);
    const token = await deps.tokens.get(signal);
    if (!token.ok) return token;
    const sent = await deps.http.send({ ...call.request, headers: { authorization: `Zoho-oauthtoken ${token.value}` } }, signal);
    return sent.ok ? { ok: true, value: { token: token.value, answer: sent.answer } } : zohoFailed(sent.failure);
  }

  async function perform(call: Call, signal: AbortSignal): Promise<ZohoResult<unknown>> {
    for (let tries = 1; ; tries += 1) {
      const sent = await attempt(call, signal);
      if (!sent.ok) return sent;
      const { token, answer } = sent.value;
      const classified = classify(answer);
      switch (classified.kind) {
        case 'ok':
          deps.throttle.passed();
          return { ok: true, value: classified.data };
        case 'unauthorised':
          deps.tokens.rejected(token);
          // A token refreshed a moment ago and still refused: the grant itself no longer covers the mailbox.
          if (tries >= 2) return zohoFailed({ kind: 'reconnect_needed' });
          continue;
        case 'scope_refused':
          deps.log.warn('zoho: the grant lacks the scope for this call', { method: call.request.method });
          return zohoFailed(call.scopeRefused);
        case 'locked': {
          const pauseMs = deps.throttle.locked(answer.retryAfterMs);
          deps.log.warn('zoho: rate-limit lock, pausing requests', { pauseMs });
          return zohoFailed({ kind: 'rate_limited', retryAfterMs: pauseMs });
        }
        case 'not_found':
          return zohoFailed({ kind: 'not_found' });
        case 'error': {
          const detail = errorCodeOf(answer.body);
          deps.log.warn('zoho: mail api error', { status: answer.status, errorCode: detail });
          return zohoFailed({ kind: 'upstream', status: answer.status, ...(detail ? { detail } : {}) });
        }
      }
    }
  }

  return {
    get(path, query, signal) {
      const url = `${deps.mailUrl()}${path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''}`;
      // Every read scope is asked at every connection: a grant without one is only mended by connecting again.
      return perform({ request: { method: 'GET', url }, scopeRefused: { kind: 'reconnect_needed' } }, signal);
    },
    post(path, body, signal) {
      return perform({ request: { method: 'POST', url: `${deps.mailUrl()}${path}`, json: body }, scopeRefused: { kind: 'compose_scope_missing' } }, signal);
    },
  };
}

function classify(answer: ZohoAnswer): Classified {
  const { status, body } = answer;
  const errorCode = errorCodeOf(body) ?? '';
  const description = descriptionOf(body) ?? '';
  if (status === 429 || RATE_LIMIT_WORDS.test(errorCode) || RATE_LIMIT_WORDS.test(description)) return { kind: 'locked' };
  if (errorCode === SCOPE_REFUSED) return { kind: 'scope_refused' };
  if (status === 401 || errorCode === 'INVALID_OAUTHTOKEN') return { kind: 'unauthorised' };
  if (status === 404) return { kind: 'not_found' };
  const envelope = zohoEnvelopeSchema.safeParse(body);
  if (status >= 200 && status < 300 && envelope.success) return { kind: 'ok', data: envelope.data.data };
  return { kind: 'error' };
}

/** In the envelope's `data`, or (for some refusals) flat beside a `status` string: `{errorCode, status: "401"}`. */
function errorCodeOf(body: unknown): string | undefined {
  const envelope = zohoEnvelopeSchema.safeParse(body);
  const inData = envelope.success ? zohoErrorDataSchema.safeParse(envelope.data.data) : null;
  if (inData?.success && inData.data.errorCode !== undefined) return inData.data.errorCode;
  const flat = zohoErrorDataSchema.safeParse(body);
  return flat.success ? flat.data.errorCode : undefined;
}

function descriptionOf(body: unknown): string | undefined {
  const envelope = zohoEnvelopeSchema.safeParse(body);
  return envelope.success ? envelope.data.status?.description : undefined;
}
