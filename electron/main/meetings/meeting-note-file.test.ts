import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MEETING_NOTES } from '../../../shared/limits';
import { MEETING } from '../../../test/support/meetings/meeting-lines';
import { makeTempDir } from '../../../test/support/store-helpers';
import { writeFileAtomic } from '../files/atomic-write';
import { isoDuration, noteDocument, noteFileName, writeNewNote } from './meeting-note-file';

/* MN2: the saved note's file name, front matter and write, on a real temp folder. */

const MADRID = 'Europe/Madrid';
/** 09:30 UTC is 11:30 in Madrid in August. */
const name = (title: string) => noteFileName(MEETING.startedAt, title, MADRID);

describe('MN2: the file name is the app’s', () => {
  it('MN2: the meeting’s date and time where the member is, then the title’s words', () => {
    expect(name('Release date')).toBe('2026-08-12 11-30 Release date');
    expect(noteFileName(MEETING.startedAt, 'Release date', 'Asia/Ulaanbaatar')).toBe('2026-08-12 17-30 Release date');
    expect(name('Сроки релиза')).toBe('2026-08-12 11-30 Сроки релиза');
  });

  it.each([
    ['a path', '../../etc/passwd', '2026-08-12 11-30 -..-etc-passwd'],
    ['a Windows path', 'C:\\Users\\ana\\notes', '2026-08-12 11-30 C--Users-ana-notes'],
    ['what Windows refuses', 'Q3: plan? <draft> "v2" | *', '2026-08-12 11-30 Q3- plan- -draft- -v2- - -'],
    ['line breaks and tabs', 'Release\n\tdate', '2026-08-12 11-30 Release date'],
    ['a right-to-left override', 'minutes\u202Etxt.exe', '2026-08-12 11-30 minutestxt.exe'],
    ['dots and blanks at its end', 'Plan ...  ', '2026-08-12 11-30 Plan'],
    ['a device name of Windows', 'CON', '2026-08-12 11-30 CON'],
    ['nothing left', ' / ', '2026-08-12 11-30 -'],
    ['blanks only', '   ', '2026-08-12 11-30'],
  ])('MN2: never a path, whatever the title: %s', (_case, title, expected) => {
    const made = name(title);
    expect(made).toBe(expected);
    expect(made).not.toMatch(/[/\\:*?"<>|\u202E]/);
  });

  it('MN2: is capped, never cutting a character in two, and never ends in a dot or a blank', () => {
    const long = name(`${'😀'.repeat(200)}`);
    expect(Array.from(long)).toHaveLength(MEETING_NOTES.fileNameMaxChars);
    expect(long.endsWith('😀')).toBe(true);
    const dotted = name(`${'a'.repeat(MEETING_NOTES.fileNameMaxChars - 18)}. b`);
    expect(dotted).toBe(`2026-08-12 11-30 ${'a'.repeat(MEETING_NOTES.fileNameMaxChars - 18)}`);
  });
});

describe('MN2: the front matter', () => {
  it('MN2: says what the note is, when the meeting began, how long it lasted, its languages and mode', () => {
    const document = noteDocument(MEETING, 'Release: "date" #1', '## Summary\n\nIt moves.\n');
    const [, front, body] = document.split(/^---$/mu);
    expect(parse(front!)).toEqual({
      type: 'meeting',
      title: 'Release: "date" #1',
      date: '2026-08-12T09:30:00.000Z',
      duration: 'PT42M10S',
      languages: { from: 'es', to: 'en' },
      mode: 'streaming',
    });
    expect(body).toBe('\n\n# Release: "date" #1\n\n## Summary\n\nIt moves.\n');
  });

  it('MN2: keeps a language left to the model as null', () => {
    const front = noteDocument({ ...MEETING, languages: { from: null, to: 'fr' } }, 'T', 'x').split(/^---$/mu)[1]!;
    expect(parse(front).languages).toEqual({ from: null, to: 'fr' });
  });

  it.each([
    [0, 'PT0S'],
    [59_400, 'PT59S'],
    [60_000, 'PT1M'],
    [3_600_000, 'PT1H'],
    [3_725_500, 'PT1H2M6S'],
  ])('MN2: a duration of %i ms is %s', (ms, iso) => {
    expect(isoDuration(ms)).toBe(iso);
  });
});

describe('MN2: the write', () => {
  it('MN2: never over a file that is there: the next free name is taken', async () => {
    const folder = makeTempDir();
    writeFileSync(`${folder}/Standup.md`, 'the member’s own note');
    writeFileSync(`${folder}/Standup (2).md`, 'another');
    expect(await writeNewNote(folder, 'Standup', 'new notes')).toEqual({ ok: true, value: 'Standup (3).md' });
    expect(readFileSync(`${folder}/Standup.md`, 'utf8')).toBe('the member’s own note');
    expect(readFileSync(`${folder}/Standup (3).md`, 'utf8')).toBe('new notes');
  });

  it('MN2: atomic: a write that fails once the text is on disk leaves no note, no half note and no claim on the name', async () => {
    const folder = makeTempDir();
    // The whole text is written and flushed to the staging file; the disk then refuses the rename over the claim.
    const refusingRename = {
      stat,
      open,
      rm,
      rename: async () => {
        throw new Error('EIO: the disk went away');
      },
    };
    const failed = await writeNewNote(folder, 'Standup', 'new notes', (file, content) => writeFileAtomic(file, content, refusingRename));
    expect(failed).toMatchObject({ ok: false, error: { code: 'INTERNAL', reason: 'file_not_written' } });
    expect(readdirSync(folder)).toEqual([]);
  });

  // Windows has no POSIX mode bits: the note inherits the folder's access list there.
  it.skipIf(process.platform === 'win32')('MN2: a note is readable by the member alone', async () => {
    const folder = makeTempDir();
    await writeNewNote(folder, 'Standup', 'new notes');
    expect(statSync(`${folder}/Standup.md`).mode & 0o777).toBe(0o600);
  });
});
