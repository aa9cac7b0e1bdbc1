import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { err, ok } from '../../../shared/result';
import type { TextFileKind, TextFiles } from '../files/text-files';

/**
 * Text files through the system's save and open dialogs, attached to the app's window when there is one. A save
 * is written beside its target and then renamed over it, so an interrupted write never leaves half a file where
 * the member asked for one.
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
      const staging = `${picked.filePath}.${randomBytes(4).toString('hex')}.partial`;
      try {
        await writeFile(staging, content, { encoding: 'utf8', flag: 'wx' });
        await rename(staging, picked.filePath);
        return ok(true);
      } catch (error) {
        await rm(staging, { force: true });
        return err('INTERNAL', `The file could not be written: ${describe(error)}`, { reason: 'file_not_written' });
      }
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
