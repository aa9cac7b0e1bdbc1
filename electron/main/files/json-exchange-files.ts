import type { Result } from '../../../shared/result';
import type { TextFiles } from './text-files';

/** The words of a JSON file that one install exports and another imports, in the member's language. */
export interface ExchangeFileTexts {
  exportTitle: string;
  importTitle: string;
  /** The file type in the dialogs' filter. */
  fileKind: string;
}

/** Exporting and importing one kind of JSON file through the system's dialogs. */
export interface JsonExchangeFiles {
  /** Asks where to save `content` (suggesting `fileName`, without its extension) and writes it there whole; false when cancelled. */
  save(fileName: string, content: string): Promise<Result<boolean>>;
  /** Asks which file to read and reads it; one over `maxBytes` is refused unread with `tooLarge()`; null when cancelled. */
  open(maxBytes: number): Promise<Result<string | null>>;
}

/**
 * The app's text files as one kind of exchanged JSON file. Titles are asked for at each use: Settings may have
 * changed the member's language meanwhile. A file refused unread for its size is refused in the kind's own words.
 */
export function jsonExchangeFilesOn(files: TextFiles, texts: () => ExchangeFileTexts, tooLarge: () => Result<never>): JsonExchangeFiles {
  const kind = (title: string) => ({ extension: 'json', kindName: texts().fileKind, title });
  return {
    save: (fileName, content) => files.save({ ...kind(texts().exportTitle), fileName }, content),
    async open(maxBytes) {
      const opened = await files.open(kind(texts().importTitle), maxBytes);
      return opened.ok || opened.error.reason !== 'file_too_large' ? opened : tooLarge();
    },
  };
}
