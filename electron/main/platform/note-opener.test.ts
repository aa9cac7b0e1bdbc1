import { beforeEach, describe, expect, it, vi } from 'vitest';
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
const NOTE = '/home/ana/Vault/Guides/Zoho mail.md';

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
      message: 'No application is associated with the specified file.',
    });
  });
});
