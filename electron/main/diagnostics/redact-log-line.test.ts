import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../shared/limits';
import { NOT_AN_ENTRY, redactLogLine } from './redact-log-line';

const entry = (fields: Record<string, unknown>) =>
  JSON.stringify({ time: '2026-12-04T10:00:00.000Z', level: 'warn', message: 'zoho: request failed', ...fields });

describe('TP4 a log line in the report', () => {
  it('keeps its time, level, message, and the fields that are numbers, booleans, null or codes', () => {
    expect(redactLogLine(entry({ status: 429, retried: true, issue: null, kind: 'quota', model: 'gemini-3.8-flash', file: '/tmp/kb/a.md' }))).toBe(
      '2026-12-04T10:00:00.000Z warn zoho: request failed status=429 retried=true issue=null kind=quota model=gemini-3.8-flash file=/tmp/kb/a.md',
    );
  });

  it('redacts text, keys and tokens, and anything in a list', () => {
    const line = redactLogLine(
      entry({
        subject: 'Payroll for March',
        key: 'AIzaSyD0abcdefghijklmnopqrstuvwx12345',
        zohoToken: '1000.3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c.0123456789abcdef0123456789abcdef',
        jwt: 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFuYUBleGFtcGxlLmNvbSJ9.c2ln',
        ids: ['a', 'b'],
        error: { name: 'TypeError', message: 'fetch failed: connect ECONNREFUSED' },
      }),
    );
    expect(line).toBe(
      '2026-12-04T10:00:00.000Z warn zoho: request failed subject=[redacted] key=[redacted] zohoToken=[redacted] jwt=[redacted] ids=[redacted] error.name=TypeError error.message=[redacted]',
    );
  });

  it('shows nothing of a line that is not one of the logger\'s entries', () => {
    expect(redactLogLine('Segmentation fault: mail body here')).toBe(NOT_AN_ENTRY);
    expect(redactLogLine('"just a string"')).toBe(NOT_AN_ENTRY);
  });

  it(`is cut at ${DIAGNOSTICS.logLineMaxChars} characters`, () => {
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, n) => [`count${n}`, n]));
    expect(Array.from(redactLogLine(entry(fields)))).toHaveLength(DIAGNOSTICS.logLineMaxChars);
  });
});
