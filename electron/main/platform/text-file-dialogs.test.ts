import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';

const electron = vi.hoisted(() => ({
  dialog: {
    showSaveDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> => ({ canceled: true })),
    showOpenDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> => ({ canceled: true, filePaths: [] })),
  },
}));
vi.mock('electron', () => electron);

const { createTextFileDialogs } = await import('./text-file-dialogs');

let destroyed = false;
const window = { isDestroyed: () => destroyed } as unknown as import('electron').BrowserWindow;
const SUBTITLES = { extension: 'srt', kindName: 'Subtítulos (SRT)', title: 'Guardar los subtítulos de la reunión' };
const SRT = '1\n00:00:01,200 --> 00:00:03,900\nBuenos días.\nGood morning.\n';

let dir = '';
beforeEach(() => {
  vi.clearAllMocks();
  destroyed = false;
  dir = mkdtempSync(join(tmpdir(), 'staff-desk-text-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const files = () => createTextFileDialogs({ window: () => window });

function chooseToSave(file: string) {
  electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: file });
}

describe('saving a text file', () => {
  it('asks where with the caller’s words, attached to the window, suggesting the name with its extension, and writes it whole', async () => {
    const target = join(dir, 'reunión.srt');
    chooseToSave(target);
    await expect(files().save({ ...SUBTITLES, fileName: 'Subtítulos 2026-12-02 10.30' }, SRT)).resolves.toEqual({ ok: true, value: true });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(window, {
      title: 'Guardar los subtítulos de la reunión',
      defaultPath: 'Subtítulos 2026-12-02 10.30.srt',
      filters: [{ name: 'Subtítulos (SRT)', extensions: ['srt'] }],
    });
    expect(readFileSync(target, 'utf8')).toBe(SRT);
    expect(readdirSync(dir)).toEqual(['reunión.srt']);
  });

  it('replaces an older file whole, leaving no partial file behind', async () => {
    const target = join(dir, 'captions.srt');
    writeFileSync(target, 'the old captions');
    chooseToSave(target);
    await files().save({ ...SUBTITLES, fileName: 'x' }, SRT);
    expect(readFileSync(target, 'utf8')).toBe(SRT);
    expect(readdirSync(dir)).toEqual(['captions.srt']);
  });

  // Windows keeps access in ACLs, not POSIX modes.
  it.skipIf(process.platform === 'win32')('SEC-7: makes a new file readable by the member alone, and keeps the mode of a file it replaces', async () => {
    const umask = process.umask(0o022);
    try {
      const fresh = join(dir, 'captions.srt');
      chooseToSave(fresh);
      await files().save({ ...SUBTITLES, fileName: 'x' }, SRT);
      expect(statSync(fresh).mode & 0o777).toBe(0o600);

      const shared = join(dir, 'shared.srt');
      writeFileSync(shared, 'the old captions');
      chmodSync(shared, 0o664);
      chooseToSave(shared);
      await files().save({ ...SUBTITLES, fileName: 'x' }, SRT);
      expect(readFileSync(shared, 'utf8')).toBe(SRT);
      expect(statSync(shared).mode & 0o777).toBe(0o664);
    } finally {
      process.umask(umask);
    }
  });

  it('SEC-7: suggests a name without bidi overrides, control characters or folders, whatever the page asked for', async () => {
    await files().save({ ...SUBTITLES, fileName: '../Actas\u202Etrs.exe\n' }, SRT);
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(window, expect.objectContaining({ defaultPath: '-Actastrs.exe.srt' }));
    await files().save({ ...SUBTITLES, fileName: '\u2066\u2069' }, SRT);
    expect(electron.dialog.showSaveDialog).toHaveBeenLastCalledWith(window, expect.objectContaining({ defaultPath: 'Subtítulos (SRT).srt' }));
  });

  it('writes nothing when the member cancels, and says so without an error', async () => {
    await expect(files().save({ ...SUBTITLES, fileName: 'x' }, SRT)).resolves.toEqual({ ok: true, value: false });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('asks without a parent when the window is gone', async () => {
    destroyed = true;
    chooseToSave(join(dir, 'x.srt'));
    await files().save({ ...SUBTITLES, fileName: 'x' }, SRT);
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ title: SUBTITLES.title }));
  });

  it('says why when the folder cannot be written, and leaves nothing there', async () => {
    chooseToSave(join(dir, 'missing-folder', 'x.srt'));
    await expect(files().save({ ...SUBTITLES, fileName: 'x' }, SRT)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', reason: 'file_not_written' },
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no staging file behind when the written file cannot be put in its place', async () => {
    // The target is a folder: the staging file is written, the rename over it fails, and the staging file goes.
    const target = join(dir, 'captions.srt');
    mkdirSync(target);
    chooseToSave(target);
    await expect(files().save({ ...SUBTITLES, fileName: 'x' }, SRT)).resolves.toMatchObject({ ok: false, error: { reason: 'file_not_written' } });
    expect(readdirSync(dir)).toEqual(['captions.srt']);
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('reading a text file', () => {
  const PROMPTS = { extension: 'json', kindName: 'Assistant prompts', title: "Import the Assistant's prompts" };

  it('reads the chosen file, offering only the kind asked for', async () => {
    const file = join(dir, 'team.json');
    writeFileSync(file, '{"scope":"x"}');
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(files().open(PROMPTS, 1000)).resolves.toEqual({ ok: true, value: '{"scope":"x"}' });
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(window, {
      title: "Import the Assistant's prompts",
      filters: [{ name: 'Assistant prompts', extensions: ['json'] }],
      properties: ['openFile'],
    });
  });

  it('refuses a file over the size given, without reading it', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, 'x'.repeat(2000));
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(files().open(PROMPTS, 1000)).resolves.toMatchObject({ ok: false, error: { code: 'TOO_LARGE', reason: 'file_too_large' } });
  });

  it('says so when the chosen file cannot be read', async () => {
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [join(dir, 'gone.json')] });
    await expect(files().open(PROMPTS, 1000)).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'file_not_read' } });
  });

  it('SEC-7: refuses a folder without reading it', async () => {
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [dir] });
    await expect(files().open(PROMPTS, 1000)).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'not_a_file' } });
  });

  // Windows has no mkfifo or /dev/zero to choose.
  it.skipIf(process.platform === 'win32')('SEC-7: refuses at once a pipe or a device, without waiting on it or reading it', async () => {
    const pipe = join(dir, 'prompts.json');
    execFileSync('mkfifo', [pipe]);
    for (const chosen of [pipe, '/dev/zero']) {
      electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [chosen] });
      await expect(files().open(PROMPTS, 1000)).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'not_a_file' } });
    }
  });

  it('SEC-7: refuses a huge file unread, even one that takes no room on the disk', async () => {
    const sparse = join(dir, 'huge.json');
    writeFileSync(sparse, '');
    truncateSync(sparse, 8 * 1024 ** 3);
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [sparse] });
    await expect(files().open(PROMPTS, ASSISTANT.promptFileMaxBytes)).resolves.toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', reason: 'file_too_large' },
    });
  });

  it('reads a file of exactly the size allowed, in UTF-8', async () => {
    const file = join(dir, 'equipo.json');
    const text = `{"scope":"${'ñ'.repeat(499)}"}`;
    writeFileSync(file, text);
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(files().open(PROMPTS, Buffer.byteLength(text))).resolves.toEqual({ ok: true, value: text });
  });

  it('answers null when the member cancels', async () => {
    await expect(files().open(PROMPTS, 1000)).resolves.toEqual({ ok: true, value: null });
  });
});
