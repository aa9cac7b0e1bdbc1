import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { err, ok, type Result } from '../../../shared/result';
import type { TextFileKind, TextFiles } from '../files/text-files';
import { ASSISTANT_TEXTS } from '../texts/assistant-texts';
import { promptFilesOn } from './prompt-files';

/** The system's dialogs, answered by the test; what each was asked with is kept. */
function recordingFiles(answers: { save?: Result<boolean>; open?: Result<string | null> } = {}) {
  const asked: Array<{ kind: TextFileKind & { fileName?: string }; content?: string; maxBytes?: number }> = [];
  const files: TextFiles = {
    save: async (kind, content) => {
      asked.push({ kind, content });
      return answers.save ?? ok(true);
    },
    open: async (kind, maxBytes) => {
      asked.push({ kind, maxBytes });
      return answers.open ?? ok(null);
    },
  };
  return { files, asked };
}

describe("the Assistant's prompts as files", () => {
  it("exports as JSON, asked in the member's language of the moment", async () => {
    const { files, asked } = recordingFiles();
    let lang: Lang = 'es';
    const prompts = promptFilesOn(files, () => ASSISTANT_TEXTS[lang]);
    await expect(prompts.save('staff-desk-assistant-prompts', '{"a":1}')).resolves.toEqual({ ok: true, value: true });
    lang = 'fr';
    await prompts.save('staff-desk-assistant-prompts', '{"a":2}');
    expect(asked).toEqual([
      {
        kind: { fileName: 'staff-desk-assistant-prompts', extension: 'json', kindName: 'Instrucciones del Asistente', title: 'Exportar las instrucciones del Asistente' },
        content: '{"a":1}',
      },
      {
        kind: { fileName: 'staff-desk-assistant-prompts', extension: 'json', kindName: "Consignes de l'Assistant", title: "Exporter les consignes de l'Assistant" },
        content: '{"a":2}',
      },
    ]);
  });

  it('imports what the member chose, up to the size given, and says "cancelled" as null', async () => {
    const chosen = recordingFiles({ open: ok('{"scope":"x"}') });
    await expect(promptFilesOn(chosen.files, () => ASSISTANT_TEXTS.en).open(64_000)).resolves.toEqual({ ok: true, value: '{"scope":"x"}' });
    expect(chosen.asked).toEqual([
      { kind: { extension: 'json', kindName: 'Assistant prompts', title: "Import the Assistant's prompts" }, maxBytes: 64_000 },
    ]);
    const cancelled = recordingFiles({ open: ok(null) });
    await expect(promptFilesOn(cancelled.files, () => ASSISTANT_TEXTS.en).open(64_000)).resolves.toEqual({ ok: true, value: null });
  });

  it('says a file too large cannot be exported prompts, and passes every other failure on as it came', async () => {
    const tooLarge = recordingFiles({ open: err('TOO_LARGE', 'That file is larger than 64000 bytes.', { reason: 'file_too_large' }) });
    await expect(promptFilesOn(tooLarge.files, () => ASSISTANT_TEXTS.en).open(64_000)).resolves.toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', reason: 'prompts_file_too_large' },
    });
    const unreadable = err('INVALID_INPUT', 'The file could not be read: EACCES', { reason: 'file_not_read' });
    await expect(promptFilesOn(recordingFiles({ open: unreadable }).files, () => ASSISTANT_TEXTS.en).open(64_000)).resolves.toEqual(unreadable);
    const unwritable = err('INTERNAL', 'The file could not be written: EROFS', { reason: 'file_not_written' });
    await expect(promptFilesOn(recordingFiles({ save: unwritable }).files, () => ASSISTANT_TEXTS.en).save('p', '{}')).resolves.toEqual(unwritable);
  });
});
