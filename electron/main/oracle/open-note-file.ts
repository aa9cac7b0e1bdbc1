/** What the member's system opened a note with. */
export type OpenedWith = 'obsidian' | 'system';

/**
 * Opens a note file that main has already resolved inside the knowledge base folder: the platform provides it
 * (platform/note-opener.ts), the oracle and the assistant's sources use it.
 */
export type OpenNoteFile = (file: string) => Promise<{ ok: true; openedWith: OpenedWith } | { ok: false; message: string }>;
