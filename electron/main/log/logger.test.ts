import { describe, expect, it } from 'vitest';
import { createLogger, createRedactor } from './logger';

function capture() {
  const lines: string[] = [];
  const redactor = createRedactor();
  const log = createLogger([{ write: (line) => lines.push(line) }], redactor, () => new Date('2026-01-02T03:04:05Z'));
  return { lines, redactor, log };
}

describe('logger', () => {
  it('writes one JSON object per line with level, message and fields', () => {
    const { lines, log } = capture();
    log.warn('keychain unavailable', { attempt: 2 });
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'warn',
      message: 'keychain unavailable',
      attempt: 2,
    });
  });

  it('keeps an error readable: name, message and stack', () => {
    const { lines, log } = capture();
    log.error('failed', { error: new TypeError('bad thing') });
    const entry = JSON.parse(lines[0]!);
    expect(entry.error).toMatchObject({ name: 'TypeError', message: 'bad thing' });
    expect(entry.error.stack).toContain('TypeError');
  });

  it('masks registered secrets wherever they appear, also in their JSON-escaped form', () => {
    const { lines, log, redactor } = capture();
    const plain = 'AIzaSyD-example-key-123';
    const awkward = 'clé"with\\quotes-🔑';
    redactor.add(plain);
    redactor.add(awkward);
    log.error('upstream said', { body: `invalid key ${plain}`, error: new Error(`bad ${awkward}`) });
    const text = lines.join('\n');
    expect(text).not.toContain(plain);
    expect(text).not.toContain(JSON.stringify(awkward).slice(1, -1));
    expect(text).toContain('[redacted]');
  });

  it('masks anything shaped like a JWT, in any field, registered or not', () => {
    const { lines, log } = capture();
    const jwt = 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJlbWFpbCI6ImFuYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJlLWJ5dGVz_-';
    const unsigned = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
    log.warn(`refused ${jwt}`, {
      header: `Bearer ${jwt}`,
      url: `https://desk.example.com/?token=${jwt}&next=1`,
      nested: { cookie: `CF_Authorization=${jwt}; Path=/`, tokens: [unsigned] },
      error: new Error(`bad token ${jwt}`),
    });
    const text = lines.join('\n');
    expect(text).not.toContain(jwt);
    expect(text).not.toContain(unsigned);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    const entry = JSON.parse(lines[0]!);
    expect(entry.url).toBe('https://desk.example.com/?token=[redacted]&next=1');
    expect(entry.nested.cookie).toBe('CF_Authorization=[redacted]; Path=/');
  });

  it('masks a token concealed at run time (an access token) from then on, in every field', () => {
    const { lines, log } = capture();
    const token = '1000.3f1e2d4c5b6a79880011aabbccddeeff.0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    log.concealToken(token);
    log.info('mail api refused', { authorization: `Zoho-oauthtoken ${token}`, detail: { echoed: token } });
    expect(lines.join('\n')).not.toContain(token);
    expect(JSON.parse(lines[0]!).authorization).toBe('Zoho-oauthtoken [redacted]');
  });

  it('keeps masking a keychain secret however many tokens are concealed after it', () => {
    const { lines, log, redactor } = capture();
    const key = 'AIzaSyD-kept-for-the-whole-run-42';
    redactor.add(key);
    for (let n = 0; n < 500; n++) log.concealToken(`1000.token-number-${n}.abcdef`);
    log.info('still masked', { key, last: '1000.token-number-499.abcdef' });
    const text = lines.join('\n');
    expect(text).not.toContain(key);
    expect(text).not.toContain('token-number-499');
  });

  it('never lets a failing sink throw into the caller', () => {
    const log = createLogger(
      [
        {
          write: () => {
            throw new Error('disk full');
          },
        },
      ],
      createRedactor(),
    );
    expect(() => log.info('still fine')).not.toThrow();
  });
});
