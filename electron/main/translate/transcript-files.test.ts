import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { ok } from '../../../shared/result';
import type { TextFileKind, TextFiles } from '../files/text-files';
import { TRANSLATE_TEXTS } from '../texts/translate-texts';
import { transcriptFilesOn } from './transcript-files';

describe("T2: a meeting's captions as a file", () => {
  it("suggests the page's name with the format's extension, in the member's language of the moment", async () => {
    const asked: Array<{ kind: TextFileKind & { fileName: string }; content: string }> = [];
    const files: TextFiles = {
      save: async (kind, content) => {
        asked.push({ kind, content });
        return ok(true);
      },
      open: async () => ok(null),
    };
    let lang: Lang = 'es';
    const transcripts = transcriptFilesOn(files, () => TRANSLATE_TEXTS[lang]);
    await expect(transcripts.save({ format: 'srt', fileName: 'Subtítulos 2026-12-02 10.30', content: '1\n…' })).resolves.toEqual({ ok: true, value: true });
    lang = 'en';
    await transcripts.save({ format: 'txt', fileName: 'Captions 2026-12-02 10.30', content: '[00:01] …' });
    expect(asked).toEqual([
      {
        kind: { fileName: 'Subtítulos 2026-12-02 10.30', extension: 'srt', kindName: 'Subtítulos (SRT)', title: 'Guardar los subtítulos de la reunión' },
        content: '1\n…',
      },
      {
        kind: { fileName: 'Captions 2026-12-02 10.30', extension: 'txt', kindName: 'Captions (plain text)', title: "Save the meeting's captions" },
        content: '[00:01] …',
      },
    ]);
  });
});
