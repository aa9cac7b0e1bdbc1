import { afterEach, describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../../shared/result';
import type { SaveTranscriptInput } from '../../../shared/translate';
import { fakeSender } from '../../../test/support/fake-sender';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore } from '../../../test/support/test-core';

/*
 * T2 "keep the transcript": translate:saveTranscript on the real core, with the save dialog stood in. Nothing of the
 * meeting is written anywhere else, and its words never reach the log.
 */

const WORDS = 'The merger closes on Friday; keep it between us.';
const SRT = `1\n00:00:01,200 --> 00:00:03,900\n${WORDS}\nLa fusión se cierra el viernes.\n`;
const EXPORT: SaveTranscriptInput = { format: 'srt', content: SRT, fileName: 'Captions 2026-12-02 10.30' };

let cores: TestCore[] = [];
afterEach(() => {
  for (const test of cores) test.dispose();
  cores = [];
});

/** A signed-in core whose save dialog answers `answer`, keeping what it was asked to save. */
async function start(answer: Result<boolean> = ok(true)) {
  const asked: SaveTranscriptInput[] = [];
  const test = await createSignedInTestCore({
    translate: {
      transcriptFiles: {
        save: async (transcript) => {
          asked.push(transcript);
          return answer;
        },
      },
    },
  });
  cores.push(test);
  const { sender } = fakeSender();
  const call = (input: unknown) => test.core.registry.call('translate:saveTranscript', input, sender);
  const logged = () => test.log.lines.join('\n');
  return { call, asked, logged };
}

describe("T2: saving a meeting's captions", () => {
  it('hands the dialog the format, the suggested name and the whole transcript, and says it was saved', async () => {
    const { call, asked, logged } = await start();
    await expect(call(EXPORT)).resolves.toEqual({ ok: true, value: { saved: true } });
    expect(asked).toEqual([EXPORT]);
    expect(logged()).not.toContain('merger');
  });

  it('says "not saved", without an error, when the member cancels the dialog', async () => {
    const { call, logged } = await start(ok(false));
    await expect(call({ ...EXPORT, format: 'txt' })).resolves.toEqual({ ok: true, value: { saved: false } });
    expect(logged()).not.toContain('merger');
  });

  it('tells the page why a file could not be written, so it can say so in the member’s language', async () => {
    const { call, logged } = await start(err('INTERNAL', 'The file could not be written: EROFS', { reason: 'file_not_written' }));
    await expect(call(EXPORT)).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL', reason: 'file_not_written' } });
    expect(logged()).not.toContain('merger');
  });

  it.each([
    ['a name with a folder in it', { ...EXPORT, fileName: '../../.bashrc' }, 'INVALID_INPUT', 'fileName'],
    ['a name with a drive in it', { ...EXPORT, fileName: 'C:captions' }, 'INVALID_INPUT', 'fileName'],
    ['a format the app does not write', { ...EXPORT, format: 'docx' }, 'INVALID_INPUT', 'format'],
    ['an empty transcript', { ...EXPORT, content: '' }, 'INVALID_INPUT', 'content'],
  ])('refuses %s before any dialog opens', async (_case, input, code, field) => {
    const { call, asked, logged } = await start();
    await expect(call(input)).resolves.toMatchObject({ ok: false, error: { code, field } });
    expect(asked).toEqual([]);
    expect(logged()).not.toContain('merger');
  });

  it('is refused to a page with nobody signed in', async () => {
    const test = createTestCore();
    cores.push(test);
    const refused = await test.core.registry.call('translate:saveTranscript', EXPORT, fakeSender().sender);
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(test.transcriptFiles.saved).toEqual([]);
  });
});
