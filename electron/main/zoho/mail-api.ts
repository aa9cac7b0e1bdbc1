import type { Logger } from '../log/logger';
import type { Throttle } from './throttle';
import type { TokenManager } from './token-manager';
import { zohoFailed, type ZohoResult } from './zoho-failure';
import type { ZohoAnswer, ZohoHttp } from './zoho-http';
import { zohoEnvelopeSchema, zohoErrorDataSchema } from './zoho-wire';

/** Authorised GETs on the Mail API (`/api/...`), throttled, with one refresh and one retry after a 401. */
export interface MailApi {
  /** The `data` of Zoho's envelope. `path` is built by the caller from validated IDs only. */
  get(path: string, query: Record<string, string>, signal: AbortSignal): Promise<ZohoResult<unknown>>;
}

export interface MailApiDeps {
  http: ZohoHttp;
  tokens: TokenManager;
  throttle: Throttle;
  mailUrl: () => string;
  log: Logger;
}

type Classified = { kind: 'ok'; data: unknown } | { kind: 'unauthorised' } | { kind: 'locked' } | { kind: 'not_found' } | { kind: 'error' };

const RATE_LIMIT_WORDS = /too.?many|rate.?limit|throttl|limit.?exceed|locked/i;

export function createMailApi(deps: MailApiDeps): MailApi {
  async function attempt(url: string, signal: AbortSignal): Promise<ZohoResult<{ token: string; answer: ZohoAnswer }>> {
    const slot = await deps.throttle.acquire(signal);
    if (!slot.ok) return zohoFailed(slot.failure);
    const token = await deps.tokens.get(signal);
    if (!token.ok) return token;
    const sent = await deps.http.send(
      { method: 'GET', url, headers: { authorization: `Zoho-oauthtoken ${token.value}` } },
      signal,
    );
    return sent.ok ? { ok: true, value: { token: token.value, answer: sent.answer } } : zohoFailed(sent.failure);
  }

  return {
    async get(path, query, signal) {
      const url = `${deps.mailUrl()}${path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''}`;
      for (let tries = 1; ; tries += 1) {
        const sent = await attempt(url, signal);
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
    },
  };
}

function classify(answer: ZohoAnswer): Classified {
  const { status, body } = answer;
  const errorCode = errorCodeOf(body) ?? '';
  const description = descriptionOf(body) ?? '';
  if (status === 429 || RATE_LIMIT_WORDS.test(errorCode) || RATE_LIMIT_WORDS.test(description)) return { kind: 'locked' };
  if (status === 401 || errorCode === 'INVALID_OAUTHTOKEN') return { kind: 'unauthorised' };
  if (status === 404) return { kind: 'not_found' };
  const envelope = zohoEnvelopeSchema.safeParse(body);
  if (status >= 200 && status < 300 && envelope.success) return { kind: 'ok', data: envelope.data.data };
  return { kind: 'error' };
}

function errorCodeOf(body: unknown): string | undefined {
  const envelope = zohoEnvelopeSchema.safeParse(body);
  if (!envelope.success) return undefined;
  const data = zohoErrorDataSchema.safeParse(envelope.data.data);
  return data.success ? data.data.errorCode : undefined;
}

function descriptionOf(body: unknown): string | undefined {
  const envelope = zohoEnvelopeSchema.safeParse(body);
  return envelope.success ? envelope.data.status?.description : undefined;
}
