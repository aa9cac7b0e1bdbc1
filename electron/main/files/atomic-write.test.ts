import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, type AtomicWriteFs, type WriteHandle } from './atomic-write';

const TRANSCRIPT = '1\n00:00:01,200 --> 00:00:03,900\nThe salaries go up in March.\n';
const mode = (file: string) => statSync(file).mode & 0o777;

let dir = '';
let umask = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staff-desk-atomic-'));
  // A usual umask, so that a mode the write keeps is not one the umask would have given anyway.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

/** The real file system, with every call recorded in order and one step of the write made to fail. */
function watchedFs(fail?: 'writeFile' | 'sync' | 'rename') {
  const calls: string[] = [];
  const failing = (step: string) => {
    calls.push(step);
    if (step === fail) throw new Error(`${step} failed: the disk is full`);
  };
  const fs: AtomicWriteFs = {
    stat: (path) => stat(path),
    async open(path, flags, fileMode) {
      calls.push('open');
      const handle = await open(path, flags, fileMode);
      const watched: WriteHandle = {
        chmod: (to) => handle.chmod(to),
        async writeFile(data, encoding) {
          if (fail === 'writeFile') await handle.writeFile(data.slice(0, data.length / 2), encoding);
          failing('writeFile');
          await handle.writeFile(data, encoding);
        },
        async sync() {
          failing('sync');
          await handle.sync();
        },
        async close() {
          calls.push('close');
          await handle.close();
        },
      };
      return watched;
    },
    async rename(from, to) {
      failing('rename');
      await rename(from, to);
    },
    rm: (path, options) => rm(path, options),
  };
  return { fs, calls };
}

describe('SEC-7: saving a transcript or the prompts', () => {
  // Windows keeps access in ACLs, not POSIX modes: these two have nothing to check there.
  it.skipIf(process.platform === 'win32')('makes a new file readable by its owner alone', async () => {
    const target = join(dir, 'captions.srt');
    await expect(writeFileAtomic(target, TRANSCRIPT)).resolves.toEqual({ ok: true, value: true });
    expect(readFileSync(target, 'utf8')).toBe(TRANSCRIPT);
    expect(mode(target)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['captions.srt']);
  });

  it.skipIf(process.platform === 'win32')('keeps the mode of the file it replaces', async () => {
    const target = join(dir, 'team-prompts.json');
    writeFileSync(target, '{"old": true}');
    chmodSync(target, 0o664);
    await writeFileAtomic(target, '{"scope": "new"}');
    expect(readFileSync(target, 'utf8')).toBe('{"scope": "new"}');
    expect(mode(target)).toBe(0o664);
  });

  it('flushes the new file to the disk before it takes the old one’s place', async () => {
    const { fs, calls } = watchedFs();
    await writeFileAtomic(join(dir, 'captions.txt'), TRANSCRIPT, fs);
    expect(calls).toEqual(['open', 'writeFile', 'sync', 'close', 'rename']);
  });

  it.each(['writeFile', 'sync', 'rename'] as const)('when %s fails, leaves the old file whole and no staging file', async (step) => {
    const target = join(dir, 'captions.srt');
    writeFileSync(target, 'the old captions');
    const { fs } = watchedFs(step);
    await expect(writeFileAtomic(target, TRANSCRIPT, fs)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', reason: 'file_not_written' },
    });
    expect(readFileSync(target, 'utf8')).toBe('the old captions');
    expect(readdirSync(dir)).toEqual(['captions.srt']);
  });
});
