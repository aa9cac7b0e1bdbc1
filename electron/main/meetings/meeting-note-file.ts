import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { MEETING_NOTES } from '../../../shared/limits';
import type { MeetingInfo } from '../../../shared/meeting-notes';
import { err, ok, type Result } from '../../../shared/result';
import { NEW_FILE_MODE, writeFileAtomic } from '../files/atomic-write';
import { safeFileName } from '../files/file-name';
import { cut } from './meeting-notes-reply';
import { oneLine } from './meeting-transcript';

/**
 * MN2: the note's file name, made by the app alone: the meeting's date and time in the member's time zone, then
 * the title's words as safeFileName leaves them (no separators, so no path and no `..`; nothing invisible; no dot
 * or blank at either end), the whole capped at MEETING_NOTES.fileNameMaxChars. Starting with a date, it can never
 * be one of the names Windows keeps for devices (CON, NUL, ...).
 */
export function noteFileName(startedAt: number, title: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(startedAt)
      .map((part) => [part.type, part.value]),
  );
  const stamp = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}-${parts.minute}`;
  const words = safeFileName(oneLine(title.normalize('NFC')));
  // Cut, the name may end in a dot or a blank again: made safe once more.
  return words === '' ? stamp : safeFileName(cut(`${stamp} ${words}`, MEETING_NOTES.fileNameMaxChars));
}

/** A duration in ISO 8601 (PT1H2M5S), to the second: what the note's front matter says of the meeting's length. */
export function isoDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const units = `${h > 0 ? `${h}H` : ''}${m > 0 ? `${m}M` : ''}${s > 0 ? `${s}S` : ''}`;
  return `PT${units === '' ? '0S' : units}`;
}

/**
 * MN2: the note as it is saved: YAML front matter the app writes (`type: meeting`, the title, when it began as an
 * ISO date-time, how long it lasted as an ISO 8601 duration, the captions' languages and how they were made), the
 * title as its heading, then the member's text as they left it.
 */
export function noteDocument(meeting: MeetingInfo, title: string, text: string): string {
  const front = stringify(
    {
      type: 'meeting',
      title,
      date: new Date(meeting.startedAt).toISOString(),
      duration: isoDuration(meeting.durationMs),
      languages: { from: meeting.languages.from, to: meeting.languages.to },
      mode: meeting.mode,
    },
    // One line per field, however long the title: the front matter stays readable in any editor.
    { lineWidth: 0 },
  );
  return `---\n${front}---\n\n# ${oneLine(title)}\n\n${text.trim()}\n`;
}

/** Names tried before giving up: "name.md", then "name (2).md" and on. */
const NAMES_TRIED = 100;

/**
 * Writes `content` as a new note named `name`.md in `folder`, never over a file that is there: the name is claimed
 * by creating it empty (which fails if it exists, so "name (2).md" and on are tried), then the note is written over
 * that claim by `write`, whole or not at all (atomic-write.ts; a test's, to fail a step); a failed write gives the
 * claim back. Answers the file name used.
 */
export async function writeNewNote(
  folder: string,
  name: string,
  content: string,
  write: (file: string, content: string) => Promise<Result<true>> = writeFileAtomic,
): Promise<Result<string>> {
  for (let attempt = 1; attempt <= NAMES_TRIED; attempt += 1) {
    const fileName = attempt === 1 ? `${name}.md` : `${name} (${attempt}).md`;
    const file = join(folder, fileName);
    try {
      // Claimed with the mode of every new file the app writes for the member, which atomic-write then keeps.
      await (await open(file, 'wx', NEW_FILE_MODE)).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      return notWritten(error);
    }
    const written = await write(file, content);
    if (written.ok) return ok(fileName);
    await rm(file, { force: true }).catch(() => undefined);
    return written;
  }
  return err('INTERNAL', `The notes could not be saved: ${NAMES_TRIED} notes of that name are already in the folder.`, { reason: 'file_not_written' });
}

function notWritten(error: unknown) {
  return err('INTERNAL', `The notes could not be saved: ${error instanceof Error ? error.message : String(error)}`, { reason: 'file_not_written' });
}
