import { describe, expect, it } from 'vitest';
import { parseDurationMs, parseGoogleError } from './error-body';

describe('parseDurationMs', () => {
  it('reads protobuf durations as Google writes them', () => {
    expect(parseDurationMs('21s')).toBe(21_000);
    expect(parseDurationMs('1.5s')).toBe(1_500);
    expect(parseDurationMs('0.250s')).toBe(250);
  });

  it('refuses anything else', () => {
    expect(parseDurationMs('21')).toBeNull();
    expect(parseDurationMs('2m')).toBeNull();
    expect(parseDurationMs('')).toBeNull();
  });
});

describe('parseGoogleError', () => {
  it('keeps plain text as the message when there is no body', () => {
    expect(parseGoogleError('Bad Gateway')).toEqual({
      message: 'Bad Gateway',
      status: null,
      reasons: [],
      quotaIds: [],
      retryDelayMs: null,
    });
  });

  it('ignores details it does not know and malformed ones', () => {
    const body = {
      error: {
        code: 429,
        message: 'quota',
        status: 'RESOURCE_EXHAUSTED',
        details: [null, 'x', { '@type': 'type.googleapis.com/google.rpc.Help' }, { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: 'soon' }],
      },
    };
    expect(parseGoogleError(JSON.stringify(body))).toMatchObject({ message: 'quota', status: 'RESOURCE_EXHAUSTED', retryDelayMs: null });
  });
});
