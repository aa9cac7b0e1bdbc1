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
