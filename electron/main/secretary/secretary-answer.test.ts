import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretaryAnswerSchema } from '../../../shared/secretary';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createFakeMailbox, FOLDERS, MESSAGES, type StoredMessage } from '../../../test/support/secretary/fake-mailbox';
import { createSecretaryKit, GEMINI_MODEL, GEMMA } from '../../../test/support/secretary/secretary-kit';

const gemini = useGeminiDouble();

const NOTICE = MESSAGES[0]!;
const INVOICE = MESSAGES[1]!;

describe('S12 nothing of the mail or the conversation is written anywhere', () => {
  it('leaves no trace of a body, a subject or the history in the database files or the logs', async () => {
    const marked: StoredMessage = {
      messageId: '1755072000999000111',
      folderId: FOLDERS.inbox,
      from: 'Oyunaa <oyunaa@client-mn.example>',
      subject: 'Contract SUBJECT-MARK-41c7',
      date: '2026-08-13T08:00:00.000Z',
      body: 'The signed contract number is BODY-MARK-9e2f5d and the deposit is due on Friday.',
    };
    const kit = createSecretaryKit(gemini.double, { mailbox: createFakeMailbox({ messages: [marked, ...MESSAGES] }) });
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: 'oyunaa' }),
      jsonReply({ action: 'leer', messageId: marked.messageId, folderId: marked.folderId }),
      jsonReply({ action: 'responder', answer: 'El contrato es el BODY-MARK-9e2f5d; la fianza vence el viernes.' }),
    );
    const history = [
      { role: 'user' as const, content: 'Mi referencia interna es HISTORY-MARK-77ab.' },
      { role: 'assistant' as const, content: 'Anotado: HISTORY-MARK-77ab.' },
    ];
    const result = await kit.ask('¿Qué número tiene el contrato de Oyunaa?', { history });
    expect(result).toMatchObject({ ok: true, value: { answer: 'El contrato es el BODY-MARK-9e2f5d; la fianza vence el viernes.' } });

    const files = readdirSync(kit.dir).map((name) => readFileSync(join(kit.dir, name)).toString('latin1'));
    expect(files.length).toBeGreaterThan(0);
    const logs = [...kit.log.lines, ...kit.gatewayLog.lines].join('\n');
    expect(logs).toContain(marked.messageId);
    for (const marker of ['BODY-MARK-9e2f5d', 'SUBJECT-MARK-41c7', 'HISTORY-MARK-77ab', 'oyunaa@client-mn.example']) {
      for (const file of files) expect(file).not.toContain(marker);
      expect(logs).not.toContain(marker);
    }
  });
});

describe('S13 the answer: answer, tool_rounds, duration_ms, model, and the mail it used', () => {
  it('answers in the seeds\' shape with the model Settings name at that moment', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', jsonReply({ action: 'responder', answer: 'Hola.' }));
    const first = await kit.ask('Hola');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(secretaryAnswerSchema.strict().parse(first.value)).toEqual(first.value);
    expect(first.value).toEqual({ answer: 'Hola.', tool_rounds: 0, duration_ms: 0, model: GEMMA, sources: [] });

    kit.useModel(GEMINI_MODEL);
    gemini.double.script('generateContent', jsonReply({ action: 'responder', answer: 'Hola otra vez.' }));
    expect(await kit.ask('Hola otra vez')).toMatchObject({ ok: true, value: { model: GEMINI_MODEL } });
    expect(gemini.double.requests.map((request) => request.model)).toEqual([GEMMA, GEMINI_MODEL]);
  });

  it('cites the messages read and the searched ones the answer names, with a link to each, ids intact', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: '@hetzner.com' }),
      jsonReply({ action: 'leer', messageId: NOTICE.messageId, folderId: NOTICE.folderId }),
      jsonReply({
        action: 'responder',
        answer: 'Mantenimiento el 20 de agosto; además tienes la factura R0023817463.',
        // The notice again, the invoice from the search, and an id no search returned.
        sources: [NOTICE.messageId, INVOICE.messageId, '1700000000000000001'],
      }),
    );
    const result = await kit.ask('¿Qué hay de Hetzner?');
    expect(result).toMatchObject({
      ok: true,
      value: {
        sources: [
          {
            messageId: NOTICE.messageId,
            folderId: NOTICE.folderId,
            from: NOTICE.from,
            subject: NOTICE.subject,
            date: NOTICE.date,
            webUrl: kit.mailbox.webUrl(NOTICE),
          },
          {
            messageId: INVOICE.messageId,
            folderId: INVOICE.folderId,
            from: INVOICE.from,
            subject: INVOICE.subject,
            date: INVOICE.date,
            webUrl: kit.mailbox.webUrl(INVOICE),
          },
        ],
      },
    });
    expect(BigInt(NOTICE.messageId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
  });
});
