import { realNoteFile } from '../knowledge/note-path';

/** What the member's system opened a note with. */
export type OpenedWith = 'obsidian' | 'system';

/** Why a note was not opened: its file is not (or no longer) a Markdown file, or no app on the system opens one. */
export type NoteNotOpened = { ok: false; reason: 'note_missing' | 'not_a_note' } | { ok: false; reason: 'no_app_for_notes'; message: string };

/**
 * Opens a note file that main has already resolved inside the knowledge base folder: the platform provides it
 * (platform/note-opener.ts), the oracle and the assistant's sources use it.
 */
export type OpenNoteFile = (file: string) => Promise<{ ok: true; openedWith: OpenedWith } | NoteNotOpened>;

/**
 * An opener that hands the system only a regular Markdown file: `open` gets the note as named (`file`, which
 * Obsidian finds in its vault) and the file it really is (`real`, every link resolved, what the system app gets),
 * checked at the last moment, so a note turned into a link to a program since it was resolved is refused.
 */
export function openingOnlyNotes(open: (file: string, real: string) => ReturnType<OpenNoteFile>): OpenNoteFile {
  return async (file) => {
    const real = await realNoteFile(file);
    return real.ok ? open(file, real.file) : real;
  };
}
