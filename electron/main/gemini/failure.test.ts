import { describe, expect, it } from 'vitest';
import { appErrorSchema } from '../../../shared/result';
import { failureError, toResult, type GeminiFailure } from './failure';

const MODEL = 'gemini-3.8-flash';

describe('failureError', () => {
  it.each<[GeminiFailure, string, string]>([
    [{ kind: 'missing_key' }, 'NOT_CONFIGURED', 'missing_key'],
    [{ kind: 'invalid_key' }, 'NOT_CONFIGURED', 'invalid_key'],
    [{ kind: 'permission_denied' }, 'NOT_CONFIGURED', 'permission_denied'],
    [{ kind: 'unknown_model' }, 'NOT_CONFIGURED', 'unknown_model'],
    [{ kind: 'quota', perDay: false }, 'RATE_LIMITED', 'quota'],
    [{ kind: 'overloaded' }, 'UPSTREAM', 'overloaded'],
    [{ kind: 'timeout' }, 'UPSTREAM', 'timeout'],
    [{ kind: 'network' }, 'UPSTREAM', 'network'],
    [{ kind: 'safety' }, 'UPSTREAM', 'safety'],
    [{ kind: 'malformed' }, 'UPSTREAM', 'malformed'],
    [{ kind: 'cancelled' }, 'UPSTREAM', 'cancelled'],
    [{ kind: 'bad_request' }, 'UPSTREAM', 'bad_request'],
    [{ kind: 'unsupported', capability: 'tools' }, 'UPSTREAM', 'bad_request'],
    [{ kind: 'unexpected' }, 'UPSTREAM', 'unexpected'],
  ])('maps %o to %s with reason %s', (failure, code, reason) => {
    const error = failureError(failure, MODEL);
    expect(error).toMatchObject({ code, reason });
    expect(appErrorSchema.safeParse(error).success).toBe(true);
    expect(error.message).toMatch(/^[A-Z].*\.$/);
  });

  it('says exactly what to do about the key', () => {
    expect(failureError({ kind: 'missing_key' }, MODEL).message).toBe('Add your Gemini API key in Settings.');
    expect(failureError({ kind: 'invalid_key' }, MODEL).message).toBe('Google refused the Gemini API key. Check it in Settings.');
    expect(failureError({ kind: 'network' }, MODEL).message).toBe('Could not reach Google Gemini. Check your internet connection.');
  });

  it('says when to come back after a per-minute quota, and that a daily one resets tomorrow', () => {
    const minute = failureError({ kind: 'quota', perDay: false, retryAfterMs: 20_500 }, MODEL);
    expect(minute).toMatchObject({ retryAfterMs: 20_500 });
    expect(minute.message).toContain('21 seconds');
    expect(failureError({ kind: 'quota', perDay: true }, MODEL).message).toContain('resets tomorrow');
  });

  it('names the model the member chose when Gemini does not offer it', () => {
    expect(failureError({ kind: 'unknown_model' }, 'gemini-9-imaginary')).toMatchObject({
      reason: 'unknown_model',
      // The id travels on its own too, so the pane can say it in the member's language.
      model: 'gemini-9-imaginary',
      message: 'The model gemini-9-imaginary is not available for this key. Choose another model in Settings.',
    });
  });

  it("passes the keychain's own error on unchanged", () => {
    const keychain = { code: 'NOT_CONFIGURED' as const, message: 'The system keychain is not available.', reason: 'keychain_unavailable' };
    expect(failureError({ kind: 'keychain', error: keychain }, MODEL)).toBe(keychain);
  });

  it('never shows the detail meant for the log', () => {
    const error = failureError({ kind: 'bad_request', detail: 'INVALID_ARGUMENT: secret internals' }, MODEL);
    expect(JSON.stringify(error)).not.toContain('secret internals');
  });
});

describe('toResult', () => {
  it('keeps the typed failure beside the error', () => {
    const result = toResult({ ok: false, failure: { kind: 'malformed', raw: 'plain words' } }, MODEL);
    expect(result).toMatchObject({ ok: false, error: { reason: 'malformed' }, failure: { kind: 'malformed', raw: 'plain words' } });
  });
});
