import type { Result } from '../../../shared/result';

/**
 * Where the prompts' file goes and comes from: the system's save and open dialogs in the app (platform/
 * prompt-file-dialogs.ts), a stand-in in the harness and tests. Both say "cancelled" as null/false, not as an error.
 */
export interface PromptFiles {
  /** Asks where to save `content` (suggesting `fileName`) and writes it there whole; false when the member cancels. */
  save(fileName: string, content: string): Promise<Result<boolean>>;
  /** Asks which file to read and reads it, refusing one over `maxBytes`; null when the member cancels. */
  open(maxBytes: number): Promise<Result<string | null>>;
}
