import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_TEXTS } from '../texts/assistant-texts';

const electron = vi.hoisted(() => ({
  dialog: {
    showSaveDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> => ({ canceled: true })),
    showOpenDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> => ({ canceled: true, filePaths: [] })),
  },
}));
vi.mock('electron', () => electron);

const { createPromptFileDialogs } = await import('./prompt-file-dialogs');
const window = { isDestroyed: () => false } as unknown as import('electron').BrowserWindow;

let dir = '';
beforeEach(() => {
  vi.clearAllMocks();
  dir = mkdtempSync(join(tmpdir(), 'staff-desk-prompts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function dialogs(lang: 'en' | 'es' = 'en') {
  return createPromptFileDialogs({ window: () => window, texts: () => ASSISTANT_TEXTS[lang] });
}

describe("exporting the Assistant's prompts", () => {
  it('asks where, in the member’s language and attached to the window, and writes the whole file there', async () => {
    const target = join(dir, 'prompts.json');
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    await expect(dialogs('es').save('staff-desk-assistant-prompts.json', '{"a":1}')).resolves.toEqual({ ok: true, value: true });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(window, {
      title: 'Exportar las instrucciones del Asistente',
      defaultPath: 'staff-desk-assistant-prompts.json',
      filters: [{ name: 'Instrucciones del Asistente', extensions: ['json'] }],
    });
    expect(readFileSync(target, 'utf8')).toBe('{"a":1}');
    expect(readdirSync(dir)).toEqual(['prompts.json']);
  });

  it('replaces an older export whole, leaving no partial file behind', async () => {
    const target = join(dir, 'prompts.json');
    writeFileSync(target, 'the old prompts');
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    await dialogs().save('x.json', 'the new prompts');
    expect(readFileSync(target, 'utf8')).toBe('the new prompts');
    expect(readdirSync(dir)).toEqual(['prompts.json']);
  });

  it('writes nothing when the member cancels, and says so without an error', async () => {
    await expect(dialogs().save('x.json', '{}')).resolves.toEqual({ ok: true, value: false });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says why when the folder cannot be written, and leaves nothing there', async () => {
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: join(dir, 'missing-folder', 'p.json') });
    await expect(dialogs().save('x.json', '{}')).resolves.toMatchObject({ ok: false, error: { reason: 'file_not_written' } });
  });
});

describe("importing the Assistant's prompts", () => {
  it('reads the chosen file', async () => {
    const file = join(dir, 'team.json');
    writeFileSync(file, '{"scope":"x"}');
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(dialogs().open(1000)).resolves.toEqual({ ok: true, value: '{"scope":"x"}' });
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(window, expect.objectContaining({ title: "Import the Assistant's prompts", properties: ['openFile'] }));
  });

  it('refuses a file larger than prompts can be, without reading it', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, 'x'.repeat(2000));
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(dialogs().open(1000)).resolves.toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });

  it('answers null when the member cancels', async () => {
    await expect(dialogs().open(1000)).resolves.toEqual({ ok: true, value: null });
  });
});
