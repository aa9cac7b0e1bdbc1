import { err, type Result } from '../../../shared/result';
import type { TextFiles } from '../files/text-files';
import type { AssistantTexts } from '../texts/assistant-texts';

/**
 * Where the prompts' file goes and comes from: the app's text files (the system's dialogs, in the member's
 * language), a stand-in in the harness and tests. Both say "cancelled" as null/false, not as an error.
 */
export interface PromptFiles {
  /** Asks where to save `content` (suggesting `fileName`, without its extension) and writes it there whole; false when the member cancels. */
  save(fileName: string, content: string): Promise<Result<boolean>>;
  /** Asks which file to read and reads it, refusing one over `maxBytes`; null when the member cancels. */
  open(maxBytes: number): Promise<Result<string | null>>;
}

/**
 * The prompts as JSON text files. Titles are asked for at each use: Settings may have changed the member's
 * language meanwhile.
 */
export function promptFilesOn(files: TextFiles, texts: () => AssistantTexts): PromptFiles {
  const kind = (title: string) => ({ extension: 'json', kindName: texts().fileKind, title });
  return {
    save: (fileName, content) => files.save({ ...kind(texts().exportTitle), fileName }, content),
    async open(maxBytes) {
      const opened = await files.open(kind(texts().importTitle), maxBytes);
      if (opened.ok || opened.error.reason !== 'file_too_large') return opened;
      return err('TOO_LARGE', 'That file is too large to be prompts exported from Staff Desk.', { reason: 'prompts_file_too_large' });
    },
  };
}
