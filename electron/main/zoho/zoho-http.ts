import { retryAfterMs as readRetryAfter } from '../../../shared/retry-after';
import { parseZohoJson } from './zoho-json';
import type { ZohoFailure } from './zoho-failure';

export type ZohoFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ZohoRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent form-encoded, as Zoho's accounts server expects. */
  form?: URLSearchParams;
  /** Sent as JSON, as the Mail API expects of what it creates. */
  json?: object;
}

export interface ZohoAnswer {
  status: number;
  /** The JSON body, losslessly parsed; null when there was none or it was not JSON. */
  body: unknown;
  /** From a Retry-After header (seconds or a date), when Zoho sent one. */
  retryAfterMs?: number;
}

export type HttpOutcome = { ok: true; answer: ZohoAnswer } | { ok: false; failure: ZohoFailure };

export interface ZohoHttp {
  /** One request, ended by the caller's signal or by the timeout, whichever comes first. Never throws. */
  send(request: ZohoRequest, signal: AbortSignal): Promise<HttpOutcome>;
}

export function createZohoHttp(deps: { fetch: ZohoFetch; timeoutMs: number }): ZohoHttp {
  return {
    async send(request, signal) {
      if (signal.aborted) return { ok: false, failure: { kind: 'cancelled' } };
      const deadline = AbortSignal.timeout(deps.timeoutMs);
      const both = AbortSignal.any([signal, deadline]);
      try {
        const body = bodyOf(request);
        const response = await deps.fetch(request.url, {
          method: request.method,
          headers: {
            accept: 'application/json',
            ...(body ? { 'content-type': body.type } : {}),
            ...request.headers,
          },
          ...(body ? { body: body.text } : {}),
          signal: both,
          redirect: 'error',
        });
        const text = await response.text();
        const retryAfterMs = readRetryAfter(response.headers.get('retry-after'), Date.now());
        return {
          ok: true,
          answer: { status: response.status, body: parseZohoJson(text), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
        };
      } catch {
        // Which signal fired says why; anything else (DNS, refused, reset, TLS) is the network.
        if (signal.aborted) return { ok: false, failure: { kind: 'cancelled' } };
        if (deadline.aborted) return { ok: false, failure: { kind: 'timeout' } };
        return { ok: false, failure: { kind: 'network' } };
      }
    },
  };
}

function bodyOf(request: ZohoRequest): { type: string; text: string } | null {
  if (request.form) return { type: 'application/x-www-form-urlencoded', text: request.form.toString() };
  if (request.json) return { type: 'application/json', text: JSON.stringify(request.json) };
  return null;
}

