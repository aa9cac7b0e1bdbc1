import type { Result } from '../../../shared/result';

/** One kind of file as the system's dialogs offer it; the words are in the member's language. */
export interface TextFileKind {
  /** Without the dot: "json", "srt". */
  extension: string;
  /** The file type in the dialog's filter (e.g. "Subtitles (SRT)"). */
  kindName: string;
  /** The dialog's title. */
  title: string;
}

/**
 * A text file the member chooses where to save or which to read: the system's dialogs in the app
 * (platform/text-file-dialogs.ts), a stand-in in the harness and tests. Both say "cancelled" as false/null, not as
 * an error; what goes in or comes out is never logged.
 */
export interface TextFiles {
  /**
   * Asks where to save `content`, suggesting `fileName` with the kind's extension, and writes it there whole (an
   * interrupted write leaves no half file; a new file is the member's alone, a replaced one keeps its mode: see
   * atomic-write.ts); false when the member cancels. A folder that cannot be written is INTERNAL with reason
   * "file_not_written".
   */
  save(file: TextFileKind & { fileName: string }, content: string): Promise<Result<boolean>>;
  /**
   * Asks which file to read and reads it as UTF-8 (read-text-file.ts); null when the member cancels. A file over
   * `maxBytes` is refused unread (TOO_LARGE, reason "file_too_large"), and so at once is what is not a regular file,
   * such as a pipe or a device (INVALID_INPUT, reason "not_a_file"); one that cannot be read is INVALID_INPUT,
   * reason "file_not_read".
   */
  open(file: TextFileKind, maxBytes: number): Promise<Result<string | null>>;
}
