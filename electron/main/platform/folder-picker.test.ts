import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  dialog: {
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePaths: ['/home/ana/Vault'] })),
  },
}));
vi.mock('electron', () => electron);

const { createFolderPicker } = await import('./folder-picker');
const window = { isDestroyed: () => false } as unknown as import('electron').BrowserWindow;

beforeEach(() => {
  vi.clearAllMocks();
  electron.dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/ana/Vault'] });
});

describe('choosing the knowledge base folder', () => {
  it('asks for a folder (not a file), attached to the app window, and answers its path', async () => {
    const pick = createFolderPicker({ window: () => window, title: () => 'Choose the knowledge base folder' });
    await expect(pick()).resolves.toBe('/home/ana/Vault');
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(window, {
      title: 'Choose the knowledge base folder',
      properties: ['openDirectory'],
    });
  });

  it('opens where it is told to (the team profile\'s hint)', async () => {
    const pick = createFolderPicker({ window: () => null, title: () => 'Choose' });
    await pick('/srv/team/notes');
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith({ title: 'Choose', properties: ['openDirectory'], defaultPath: '/srv/team/notes' });
  });

  it('titles each pick in the language of the moment', async () => {
    let title = 'Choose the knowledge base folder';
    const pick = createFolderPicker({ window: () => null, title: () => title });
    await pick();
    title = 'Elige la carpeta de la base de conocimiento';
    await pick();
    expect(electron.dialog.showOpenDialog.mock.calls.map(([options]) => (options as { title: string }).title)).toEqual([
      'Choose the knowledge base folder',
      'Elige la carpeta de la base de conocimiento',
    ]);
  });

  it('cancelled: answers null', async () => {
    electron.dialog.showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    const pick = createFolderPicker({ window: () => null, title: () => 'Choose' });
    await expect(pick()).resolves.toBeNull();
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith({ title: 'Choose', properties: ['openDirectory'] });
  });
});
