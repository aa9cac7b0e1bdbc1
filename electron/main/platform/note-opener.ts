import { app, shell } from 'electron';
import type { Logger } from '../log/logger';
import { openingOnlyNotes, type OpenNoteFile } from '../oracle/open-note-file';

/**
 * Obsidian when the system has a handler for obsidian:// (the team's notes are usually an Obsidian vault, and
 * there the note opens with its links and backlinks), else the system's default app for Markdown files, given
 * the real file so that no link is followed after it was checked.
 */
export function createNoteOpener(deps: { log: Logger }): OpenNoteFile {
  return openingOnlyNotes(async (file, real) => {
    if (app.getApplicationNameForProtocol('obsidian://') !== '') {
      try {
        await shell.openExternal(`obsidian://open?path=${encodeURIComponent(file)}`);
        return { ok: true, openedWith: 'obsidian' };
      } catch (error) {
        // A registered but broken handler: the system app is still worth a try.
        deps.log.warn('obsidian did not open the note; trying the system app', { error });
      }
    }
    // openPath answers an error text, empty on success; it never throws for a missing app.
    const failure = await shell.openPath(real);
    if (failure === '') return { ok: true, openedWith: 'system' };
    deps.log.warn('the system could not open the note', { failure });
    return { ok: false, reason: 'no_app_for_notes', message: failure };
  });
}
