import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsoleSink, createFileSink } from './file-sink';
import { createLogger, createRedactor } from './logger';

let base: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sink-'));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(path.join(base, 'logs', file), 'utf8');

describe('log file sink', () => {
  it('creates the logs folder and appends one line per entry', () => {
    const sink = createFileSink({ dir: path.join(base, 'logs') });
    sink.write('{"message":"one"}');
    sink.write('{"message":"two"}');
    expect(read('main.log')).toBe('{"message":"one"}\n{"message":"two"}\n');
  });

  it('keeps what an earlier run wrote', () => {
    createFileSink({ dir: path.join(base, 'logs') }).write('first run');
    createFileSink({ dir: path.join(base, 'logs') }).write('second run');
    expect(read('main.log')).toBe('first run\nsecond run\n');
  });

  it('moves a full log to main.1.log and starts a new one, keeping at most two files', () => {
    const sink = createFileSink({ dir: path.join(base, 'logs'), maxBytes: 20 });
    sink.write('aaaaaaaaa'); // 10 bytes with the newline
    sink.write('bbbbbbbbb'); // 20: still fits
    sink.write('ccccccccc'); // would pass 20: rotate first
    expect(read('main.1.log')).toBe('aaaaaaaaa\nbbbbbbbbb\n');
    expect(read('main.log')).toBe('ccccccccc\n');
    sink.write('ddddddddd');
    sink.write('eeeeeeeee');
    expect(read('main.1.log')).toBe('ccccccccc\nddddddddd\n');
    expect(read('main.log')).toBe('eeeeeeeee\n');
    expect(fs.readdirSync(path.join(base, 'logs')).sort()).toEqual(['main.1.log', 'main.log']);
  });

  it('counts the size an earlier run left behind', () => {
    createFileSink({ dir: path.join(base, 'logs'), maxBytes: 20 }).write('aaaaaaaaaaaaaa');
    createFileSink({ dir: path.join(base, 'logs'), maxBytes: 20 }).write('bbbbbbbbbb');
    expect(read('main.1.log')).toBe('aaaaaaaaaaaaaa\n');
    expect(read('main.log')).toBe('bbbbbbbbbb\n');
  });

  it('writes a line longer than the limit rather than dropping it', () => {
    const sink = createFileSink({ dir: path.join(base, 'logs'), maxBytes: 5 });
    sink.write('a long line');
    expect(read('main.log')).toBe('a long line\n');
  });

  it('never writes a registered secret, through the logger', () => {
    const redactor = createRedactor();
    redactor.add('AIza-very-secret-key');
    const log = createLogger([createFileSink({ dir: path.join(base, 'logs') })], redactor);
    log.warn('key rejected', { key: 'AIza-very-secret-key' });
    expect(read('main.log')).not.toContain('AIza-very-secret-key');
    expect(read('main.log')).toContain('key rejected');
  });

  it('a folder it cannot create fails the write, which the logger survives', () => {
    const blocker = path.join(base, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const sink = createFileSink({ dir: path.join(blocker, 'logs') });
    expect(() => sink.write('x')).toThrow();
    const log = createLogger([sink], createRedactor());
    expect(() => log.info('still running')).not.toThrow();
  });
});

describe('console sink', () => {
  it('prints each line', () => {
    const printed: string[] = [];
    createConsoleSink({ log: (line: string) => printed.push(line) }).write('{"message":"hi"}');
    expect(printed).toEqual(['{"message":"hi"}']);
  });
});
