import type { SaveTranscriptInput } from '../../../shared/translate';
import type { Result } from '../../../shared/result';
import type { TextFiles } from '../files/text-files';
import type { TranslateTexts } from '../texts/translate-texts';

/**
 * Where a meeting's exported captions go (T2): the app's text files (the system's save dialog, in the member's
 * language), a stand-in in the harness and tests. The only way anything of a meeting reaches the disk.
 */
export interface TranscriptFiles {
  /** Asks where to save the transcript (suggesting its name and format) and writes it there whole; false when the member cancels. */
  save(transcript: SaveTranscriptInput): Promise<Result<boolean>>;
}

/** Titles are asked for at each export: Settings may have changed the member's language meanwhile. */
export function transcriptFilesOn(files: TextFiles, texts: () => TranslateTexts): TranscriptFiles {
  return {
    save({ format, content, fileName }) {
      const words = texts();
      return files.save({ fileName, extension: format, kindName: words.transcriptKind[format], title: words.transcriptTitle }, content);
    },
  };
}
