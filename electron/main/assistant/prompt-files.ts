import { err } from '../../../shared/result';
import { jsonExchangeFilesOn, type JsonExchangeFiles } from '../files/json-exchange-files';
import type { TextFiles } from '../files/text-files';
import type { AssistantTexts } from '../texts/assistant-texts';

/**
 * Where the prompts' file goes and comes from: the app's text files (the system's dialogs, in the member's
 * language), a stand-in in the harness and tests. Both say "cancelled" as null/false, not as an error.
 */
export type PromptFiles = JsonExchangeFiles;

/** The prompts as JSON text files. */
export function promptFilesOn(files: TextFiles, texts: () => AssistantTexts): PromptFiles {
  return jsonExchangeFilesOn(files, texts, () =>
    err('TOO_LARGE', 'That file is too large to be prompts exported from Staff Desk.', { reason: 'prompts_file_too_large' }),
  );
}
