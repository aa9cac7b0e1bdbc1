import { readFile, stat } from 'node:fs/promises';
import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { err, ok } from '../../../shared/result';
import { writeFileAtomic } from '../files/atomic-write';
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
      const options: SaveDialogOptions = { title: file.title, defaultPath: `${file.fileName}.${file.extension}`, filters: filters(file) };
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
      if (!chosen) return ok(null);
      try {
        if ((await stat(chosen)).size > maxBytes) {
          return err('TOO_LARGE', `That file is larger than ${maxBytes} bytes.`, { reason: 'file_too_large' });
        }
        return ok(await readFile(chosen, 'utf8'));
      } catch (error) {
        return err('INVALID_INPUT', `The file could not be read: ${describe(error)}`, { reason: 'file_not_read' });
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
