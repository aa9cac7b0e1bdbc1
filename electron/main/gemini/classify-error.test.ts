import { ApiError } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { classifyThrown } from './classify-error';

const calm = { callerAborted: false, timedOut: false };

function apiError(status: number, body: object): ApiError {
  return new ApiError({ status, message: JSON.stringify(body) });
}

function quotaBody(quotaId: string, retryDelay?: string) {
  return {
    error: {
      code: 429,
      message: 'You exceeded your current quota.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'm', quotaId }] },
        ...(retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }] : []),
      ],
    },
  };
}

function networkError(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code }) });
}

describe('classifyThrown', () => {
  it('reads a per-minute quota with the delay Google asks for', () => {
    const failure = classifyThrown(apiError(429, quotaBody('GenerateRequestsPerMinutePerProjectPerModel', '21s')), calm);
    expect(failure).toMatchObject({ kind: 'quota', perDay: false, retryAfterMs: 21_000, status: 429 });
  });

  it('tells a per-day quota apart', () => {
    expect(classifyThrown(apiError(429, quotaBody('GenerateRequestsPerDayPerProjectPerModel', '1.5s')), calm)).toMatchObject({
      kind: 'quota',
      perDay: true,
      retryAfterMs: 1500,
    });
  });

  it('treats a 429 without details as a per-minute quota of unknown length', () => {
    const failure = classifyThrown(apiError(429, { error: { code: 429, message: 'busy' } }), calm);
    expect(failure).toMatchObject({ kind: 'quota', perDay: false });
    expect(failure).not.toHaveProperty('retryAfterMs');
  });

  it('recognises a refused key by its ErrorInfo reason', () => {
    const body = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    };
    expect(classifyThrown(apiError(400, body), calm).kind).toBe('invalid_key');
  });

  it('names the capability a model refused', () => {
    const refusal = (message: string) => apiError(400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
    expect(classifyThrown(refusal('Developer instruction is not enabled for models/gemma-4-26b-a4b-it'), calm)).toMatchObject({
      kind: 'unsupported',
      capability: 'systemInstruction',
    });
    expect(classifyThrown(refusal('JSON mode is not enabled for models/gemma-4-31b-it'), calm)).toMatchObject({
      capability: 'jsonSchema',
    });
    expect(classifyThrown(refusal('Function calling is not enabled for models/gemma-3-27b-it'), calm)).toMatchObject({
      capability: 'tools',
    });
    expect(classifyThrown(refusal('Request contains an invalid argument.'), calm).kind).toBe('bad_request');
  });

  it.each([
    [401, 'invalid_key'],
    [403, 'permission_denied'],
    [404, 'unknown_model'],
    [408, 'timeout'],
    [500, 'overloaded'],
    [502, 'overloaded'],
    [503, 'overloaded'],
    [504, 'timeout'],
    [409, 'bad_request'],
  ])('maps HTTP %i to %s', (status, kind) => {
    expect(classifyThrown(apiError(status, { error: { code: status, message: 'x' } }), calm).kind).toBe(kind);
  });

  it('reads an error that arrived inside a stream', () => {
    const inStream = new ApiError({
      status: 503,
      message: `got status: UNAVAILABLE. ${JSON.stringify({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } })}`,
    });
    expect(classifyThrown(inStream, calm).kind).toBe('overloaded');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_SOCKET'])('calls a fetch that failed with %s a network failure', (code) => {
    expect(classifyThrown(networkError(code), calm).kind).toBe('network');
  });

  it('calls a connection cut mid-body a network failure', () => {
    const cut = new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(classifyThrown(cut, calm).kind).toBe('network');
    expect(classifyThrown(new Error('socket hang up'), calm).kind).toBe('network');
  });

  it('calls a body that is not JSON malformed, without quoting the body into the log', () => {
    const failure = classifyThrown(new SyntaxError('Unexpected token \'c\', "{"candidates": [{"text": "Dear Saraa'), calm);
    expect(failure.kind).toBe('malformed');
    expect(failure.detail).not.toContain('Saraa');
  });

  it("puts the caller's cancel first, then this attempt's deadline, whatever the error says", () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(classifyThrown(abort, { callerAborted: true, timedOut: true }).kind).toBe('cancelled');
    expect(classifyThrown(abort, { callerAborted: false, timedOut: true }).kind).toBe('timeout');
  });

  it('keeps anything else as unexpected, with what it said for the log', () => {
    expect(classifyThrown(new RangeError('odd'), calm)).toMatchObject({ kind: 'unexpected', detail: 'RangeError: odd' });
  });

  it('never lets the key into the detail', () => {
    const key = 'AIzaSyA-very-secret-key-0123456789abcdef';
    const leaky = new Error(`connect failed for wss://host/ws?key=${key}&alt=sse`);
    const failure = classifyThrown(leaky, { ...calm, key });
    expect(failure.detail).not.toContain(key);
    expect(failure.detail).toContain('key=[redacted]');
    const api = classifyThrown(apiError(400, { error: { code: 400, message: `bad key ${key}` } }), { ...calm, key });
    expect(api.detail).not.toContain(key);
  });
});
