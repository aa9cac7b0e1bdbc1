import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { ok } from '../../../shared/result';
import { writeFileAtomic } from '../files/atomic-write';
import { safeFileName } from '../files/file-name';
import { readTextFile } from '../files/read-text-file';
import type { TextFileKind, TextFiles } from '../files/text-files';

/**
 * Text files through the system's save and open dialogs, attached to the app's window when there is one. A save
 * is written whole or not at all (files/atomic-write.ts).
 */
export function createTextFileDialogs(deps: { window: () => BrowserWindow | null }): TextFiles {
  const parent = () => {
    const window = deps.window();
    return window && !window.isDestroyed() ? window : null;
  };
  const filters = (kind: TextFileKind) => [{ name: kind.kindName, extensions: [kind.extension] }];

  return {
    async save(file, content) {
      // The suggested name may come from the page: it is shown, and saved under, only in a safe form.
      const fileName = safeFileName(file.fileName) || safeFileName(file.kindName);
      const options: SaveDialogOptions = { title: file.title, defaultPath: `${fileName}.${file.extension}`, filters: filters(file) };
      const window = parent();
      const picked = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (picked.canceled || !picked.filePath) return ok(false);
      return writeFileAtomic(picked.filePath, content);
    },

    async open(file, maxBytes) {
      const options: OpenDialogOptions = { title: file.title, filters: filters(file), properties: ['openFile'] };
      const window = parent();
      const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      const chosen = picked.canceled ? undefined : picked.filePaths[0];
      return chosen ? readTextFile(chosen, maxBytes) : ok(null);
    },
  };
}
