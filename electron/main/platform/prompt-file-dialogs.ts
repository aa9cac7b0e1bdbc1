import { randomBytes } from 'node:crypto';
import { rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { err, ok } from '../../../shared/result';
import type { PromptFiles } from '../assistant/prompt-files';
import type { AssistantTexts } from '../texts/assistant-texts';

/**
 * The Assistant's prompts to and from a JSON file, through the system's save and open dialogs (attached to the app's
 * window when there is one). A save is written beside its target and then renamed over it, so an interrupted write
 * never leaves half a file where the member asked for one. Titles are asked for at each use: Settings may have
 * changed the member's language meanwhile.
 */
export function createPromptFileDialogs(deps: { window: () => BrowserWindow | null; texts: () => AssistantTexts }): PromptFiles {
  const parent = () => {
    const window = deps.window();
    return window && !window.isDestroyed() ? window : null;
  };
  const filters = () => [{ name: deps.texts().fileKind, extensions: ['json'] }];

  return {
    async save(fileName, content) {
      const options: SaveDialogOptions = { title: deps.texts().exportTitle, defaultPath: fileName, filters: filters() };
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

    async open(maxBytes) {
      const options: OpenDialogOptions = { title: deps.texts().importTitle, filters: filters(), properties: ['openFile'] };
      const window = parent();
      const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      const file = picked.canceled ? undefined : picked.filePaths[0];
      if (!file) return ok(null);
      try {
        if ((await stat(file)).size > maxBytes) {
          return err('TOO_LARGE', 'That file is too large to be prompts exported from Staff Desk.', { reason: 'prompts_file_too_large' });
        }
        return ok(await readFile(file, 'utf8'));
      } catch (error) {
        return err('INVALID_INPUT', `The file could not be read: ${describe(error)}`, { reason: 'file_not_read' });
      }
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
