import type { StoreOpenErrorKind } from './open-error-kind';
import { STORE_TEXTS } from './store-texts';

/** Why the database could not be opened: the member's dialog says it in their language (database-recovery). */
export interface StoreOpenError {
  kind: StoreOpenErrorKind;
  file: string;
  /** The same advice in English, for the tools that open a database outside the app (harness, scripts). */
  message: string;
  /** The SQLite or file-system code behind it (e.g. SQLITE_NOTADB, EACCES), for the log; absent for 'newer'. */
  code?: string;
}

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
  return { kind, file, message: STORE_TEXTS.en.openFailure[kind](file), ...(code === undefined ? {} : { code }) };
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
