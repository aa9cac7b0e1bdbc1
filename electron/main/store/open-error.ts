/** Why the database could not be opened, in words the member can act on (the app shows it in a dialog). */
export interface StoreOpenError {
  kind: StoreOpenErrorKind;
  file: string;
  message: string;
  /** The SQLite or file-system code behind it (e.g. SQLITE_NOTADB, EACCES), for the log; absent for 'newer'. */
  code?: string;
}

export type StoreOpenErrorKind = 'corrupt' | 'locked' | 'newer' | 'unwritable';

const MESSAGES: Record<StoreOpenErrorKind, (file: string) => string> = {
  corrupt: (file) =>
    `The app's database file is damaged and cannot be read: ${file}. ` +
    'You can start fresh: the damaged file is kept beside the new one, and your settings and history start empty.',
  locked: (file) =>
    `The app's database file is in use by another program: ${file}. ` +
    'Close any other copy of Staff Desk (or the program that has the file open), then start the app again.',
  newer: (file) =>
    `The app's database file was written by a newer version of Staff Desk: ${file}. ` +
    'Install the newest version to use it; this version has left it untouched.',
  unwritable: (file) =>
    `The app cannot write its database file: ${file}. ` +
    'Check that you are allowed to write to that folder and that the disk has free space, then start the app again.',
};

const KIND_BY_CODE: readonly (readonly [string, StoreOpenErrorKind])[] = [
  ['SQLITE_NOTADB', 'corrupt'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_BUSY', 'locked'],
  ['SQLITE_LOCKED', 'locked'],
  ['SQLITE_READONLY', 'unwritable'],
  ['SQLITE_CANTOPEN', 'unwritable'],
  ['SQLITE_PERM', 'unwritable'],
  ['SQLITE_FULL', 'unwritable'],
  ['SQLITE_IOERR', 'unwritable'],
  // Creating the folder: no permission, read-only or full volume, or a file standing where a folder should be.
  ['EACCES', 'unwritable'],
  ['EPERM', 'unwritable'],
  ['EROFS', 'unwritable'],
  ['ENOSPC', 'unwritable'],
  ['EDQUOT', 'unwritable'],
  ['ENOTDIR', 'unwritable'],
  ['EEXIST', 'unwritable'],
  ['EISDIR', 'unwritable'],
  ['ENAMETOOLONG', 'unwritable'],
];

export function storeOpenError(kind: StoreOpenErrorKind, file: string, code?: string): StoreOpenError {
  return { kind, file, message: MESSAGES[kind](file), ...(code === undefined ? {} : { code }) };
}

/** The open error an exception stands for, or null when it is a bug (and should stay an exception). */
export function classifyOpenFailure(error: unknown, file: string): StoreOpenError | null {
  const code = codeOf(error);
  if (code === undefined) return null;
  // SQLite reports extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_RECOVERY...): match on the primary code.
  const match = KIND_BY_CODE.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
  return match ? storeOpenError(match[1], file, code) : null;
}

/** The code of an error or, for a failed migration, of the error that caused it. */
function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : codeOf(error.cause);
}
