import { dialog, type BrowserWindow } from 'electron';

/**
 * The system's folder picker, attached to the app's window when there is one, opening at `defaultPath` when given
 * (the team profile's hint of where the notes are); null when the member cancels. The title is asked for at each
 * pick: it is in the member's language, which Settings may have changed meanwhile.
 */
export function createFolderPicker(deps: { window: () => BrowserWindow | null; title: () => string }) {
  return async (defaultPath?: string): Promise<string | null> => {
    const options = { title: deps.title(), properties: ['openDirectory' as const], ...(defaultPath ? { defaultPath } : {}) };
    const parent = deps.window();
    const picked = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  };
}
