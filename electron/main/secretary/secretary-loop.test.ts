import { describe, expect, it } from 'vitest';
import { SECRETARY } from '../../../shared/limits';
import { jsonReply, textReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createFakeMailbox, FOLDERS, MESSAGES, type StoredMessage } from '../../../test/support/secretary/fake-mailbox';
import { createSecretaryKit, GEMINI_MODEL } from '../../../test/support/secretary/secretary-kit';

const gemini = useGeminiDouble();

const HETZNER_NOTICE = MESSAGES[0]!;
const HETZNER_INVOICE = MESSAGES[1]!;
const LONG_LETTER = MESSAGES.find((message) => message.body.length > SECRETARY.readBodyMaxChars)!;

type Body = { generationConfig?: Record<string, unknown>; contents: unknown[] };
const bodies = () => gemini.double.requestsFor('generateContent').map((request) => request.body as Body);

describe('S3 one constrained JSON call per round', () => {
  it('asks with the seeds\' responseSchema and generation config, one gateway call per round', async () => {
    const kit = createSecretaryKit(gemini.double, { model: GEMINI_MODEL });
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', query: 'hetzner', from: '', subject: '' }),
      jsonReply({ action: 'responder', answer: 'Hetzner avisa de un mantenimiento el 20 de agosto.' }),
    );
    const result = await kit.ask('¿Qué me decía el último aviso de Hetzner?');
    expect(result).toMatchObject({ ok: true, value: { answer: 'Hetzner avisa de un mantenimiento el 20 de agosto.', tool_rounds: 1 } });
    expect(kit.calls).toHaveLength(2);
    for (const body of bodies()) {
      expect(body.generationConfig).toMatchObject({
        temperature: 1,
        topP: 0.95,
        topK: 64,
        maxOutputTokens: 1024,
        responseMimeType: 'application/json',
        responseJsonSchema: {
          type: 'object',
          properties: {
            action: { type: 'string', enum: ['responder', 'buscar', 'leer'] },
            answer: { type: 'string' },
            query: { type: 'string' },
            from: { type: 'string' },
            subject: { type: 'string' },
            messageId: { type: 'string' },
            folderId: { type: 'string' },
          },
          required: ['action'],
        },
      });
    }
    // An empty term from constrained decoding means "not given".
    expect(kit.mailbox.searches).toEqual([{ query: 'hetzner' }]);
  });

  it('asks Gemma, which has no JSON mode, for the same JSON through the prompt', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', jsonReply({ action: 'responder', answer: 'Nada nuevo.' }));
    expect((await kit.ask('¿Algo nuevo?')).ok).toBe(true);
    const [body] = bodies();
    expect(body!.generationConfig).toMatchObject({ temperature: 1, topP: 0.95, topK: 64, maxOutputTokens: 1024 });
    expect(body!.generationConfig?.responseMimeType).toBeUndefined();
    expect(JSON.stringify(body!.contents)).toContain('\\"enum\\":[\\"responder\\",\\"buscar\\",\\"leer\\"]');
  });

  it('takes a reply that is not JSON, even after the repair round, as the plain answer', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      textReply('```\nEl último aviso de Hetzner es un mantenimiento de red el 20 de agosto.\n```'),
      textReply('Sigue siendo texto.'),
    );
    const result = await kit.ask('¿Qué me decía el último aviso de Hetzner?');
    expect(result).toMatchObject({
      ok: true,
      value: { answer: 'El último aviso de Hetzner es un mantenimiento de red el 20 de agosto.', tool_rounds: 0, sources: [] },
    });
    expect(kit.calls).toHaveLength(1);
  });

  it('never shows the member raw JSON: a JSON reply that is no action, even after repair, is an error', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', jsonReply({ action: 'buscar' }), jsonReply({ action: 'buscar', query: '' }));
    const result = await kit.ask('¿Algo de Hetzner?');
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'malformed' } });
    expect(kit.mailbox.searches).toEqual([]);
  });
});

describe('S4 at most 3 tool rounds, then an answer', () => {
  it('stops looking after 3 rounds and asks once more, for an answer only', async () => {
    const kit = createSecretaryKit(gemini.double, { model: GEMINI_MODEL });
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: 'hetzner' }),
      jsonReply({ action: 'leer', messageId: HETZNER_NOTICE.messageId, folderId: HETZNER_NOTICE.folderId }),
      jsonReply({ action: 'buscar', subject: 'invoice' }),
      jsonReply({ action: 'responder', answer: 'Mantenimiento el 20 de agosto y una factura de 87,46 EUR.' }),
    );
    const result = await kit.ask('Resume lo último de Hetzner');
    expect(result).toMatchObject({ ok: true, value: { tool_rounds: 3, answer: 'Mantenimiento el 20 de agosto y una factura de 87,46 EUR.' } });
    expect(kit.calls).toHaveLength(SECRETARY.maxToolRounds + 1);
    const last = bodies().at(-1)!;
    expect(last.generationConfig?.responseJsonSchema).toMatchObject({ properties: { action: { enum: ['responder'] } }, required: ['action', 'answer'] });
    expect(kit.prompts().at(-1)).toContain('(3 of 3 used)');
    expect(kit.prompts().at(-1)).toContain('No lookups left: answer now');
    expect(kit.prompts()[0]).not.toContain('No lookups left');
  });

  it('says what it found when the model will not answer after the last round', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: '@hetzner.com' }),
      jsonReply({ action: 'leer', messageId: HETZNER_INVOICE.messageId, folderId: HETZNER_INVOICE.folderId }),
      jsonReply({ action: 'buscar', query: 'maintenance' }),
      // The last call and its repair round both insist on another lookup.
      jsonReply({ action: 'buscar', query: 'FSN1' }),
      jsonReply({ action: 'buscar', query: 'FSN1' }),
    );
    const result = await kit.ask('¿Qué pasa con Hetzner?');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tool_rounds).toBe(3);
    expect(kit.mailbox.searches).toHaveLength(2);
    expect(result.value.answer).toContain('could not reach an answer in 3 mailbox lookups');
    expect(result.value.answer).toContain(HETZNER_INVOICE.subject);
    expect(result.value.answer).toContain(HETZNER_NOTICE.subject);
    expect(result.value.sources.map((source) => source.messageId)).toEqual([HETZNER_INVOICE.messageId, HETZNER_NOTICE.messageId]);
  });
});

describe('S5 buscar searches the mailbox and shows up to 10 results', () => {
  it('passes query, from and subject to the mailbox and shows each result with its ids, sender, subject, date and summary', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', query: '42U', from: 'lucia', subject: 'presupuesto' }),
      jsonReply({ action: 'responder', answer: 'Lucía acepta 3.480 EUR.' }),
    );
    expect((await kit.ask('¿Qué dijo Lucía del presupuesto?')).ok).toBe(true);
    expect(kit.mailbox.searches).toEqual([{ query: '42U', from: 'lucia', subject: 'presupuesto' }]);
    const prompt = kit.prompts()[1]!;
    const lucia = MESSAGES[2]!;
    expect(prompt).toContain('Search {"query":"42U","from":"lucia","subject":"presupuesto"}: 1 message(s).');
    expect(prompt).toContain(`messageId: ${lucia.messageId} · folderId: ${lucia.folderId}`);
    expect(prompt).toContain(`from: ${lucia.from} · date: ${lucia.date}`);
    expect(prompt).toContain(`subject: ${lucia.subject}`);
    expect(prompt).toContain('summary: Hola Edu, nos encaja el presupuesto de 3.480 EUR');
  });

  it('shows at most 10 results, each summary cut to 150 characters, and says when nothing matched', async () => {
    const many: StoredMessage[] = Array.from({ length: 14 }, (_, index) => ({
      messageId: `17550000000000${String(index).padStart(5, '0')}`,
      folderId: FOLDERS.notices,
      from: 'Zoho Mail <notifications@zohomail.eu>',
      subject: `Storage notice ${index + 1}`,
      date: `2026-08-${String(index + 1).padStart(2, '0')}T07:00:00.000Z`,
      body: `Notice ${index + 1}: ${'your mailbox is almost full. '.repeat(20)}`,
    }));
    const kit = createSecretaryKit(gemini.double, { mailbox: createFakeMailbox({ messages: many }) });
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', subject: 'storage notice' }),
      jsonReply({ action: 'buscar', from: 'nadie@example.com' }),
      jsonReply({ action: 'responder', answer: 'Tu buzón está casi lleno.' }),
    );
    expect((await kit.ask('¿Tengo avisos de almacenamiento?')).ok).toBe(true);
    const prompt = kit.prompts()[2]!;
    expect(prompt.match(/^- messageId: /gm)).toHaveLength(SECRETARY.searchMaxResults);
    for (const summary of prompt.match(/^ {2}summary: .*$/gm)!) {
      expect(summary.length - '  summary: '.length).toBeLessThanOrEqual(SECRETARY.searchSummaryMaxChars);
    }
    expect(prompt).toContain('Search {"from":"nadie@example.com"}: no message matched.');
  });

  it('ends the question with the mailbox\'s own error when the mailbox cannot be searched', async () => {
    const kit = createSecretaryKit(gemini.double);
    kit.mailbox.failNext({ code: 'NOT_CONFIGURED', message: 'Connect Zoho Mail in Settings first.' });
    gemini.double.script('generateContent', jsonReply({ action: 'buscar', query: 'hetzner' }));
    const result = await kit.ask('¿Algo de Hetzner?');
    expect(result).toEqual({ ok: false, error: { code: 'NOT_CONFIGURED', message: 'Connect Zoho Mail in Settings first.' } });
  });
});

describe('S6 leer reads only messages a search in this question returned', () => {
  it('reads a searched message and shows its body', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: 'info@hetzner.com' }),
      jsonReply({ action: 'leer', messageId: HETZNER_NOTICE.messageId, folderId: HETZNER_NOTICE.folderId }),
      jsonReply({ action: 'responder', answer: 'Corte de hasta 15 minutos el 20 de agosto.' }),
    );
    const result = await kit.ask('¿Qué me decía el último aviso de Hetzner?');
    expect(result).toMatchObject({ ok: true, value: { tool_rounds: 2 } });
    expect(kit.mailbox.reads).toEqual([{ messageId: HETZNER_NOTICE.messageId, folderId: HETZNER_NOTICE.folderId }]);
    expect(kit.prompts()[2]).toContain('Expect up to 15 minutes of packet loss.');
  });

  it('refuses an id no search of this question returned, tells the model so, and counts the round', async () => {
    const kit = createSecretaryKit(gemini.double);
    // An earlier question found the invoice; this one must search again before reading it.
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', subject: 'invoice' }),
      jsonReply({ action: 'responder', answer: 'Tienes una factura.' }),
    );
    expect((await kit.ask('¿Tengo facturas?')).ok).toBe(true);
    gemini.double.reset();
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'leer', messageId: HETZNER_INVOICE.messageId, folderId: HETZNER_INVOICE.folderId }),
      jsonReply({ action: 'buscar', subject: 'invoice' }),
      jsonReply({ action: 'leer', messageId: HETZNER_INVOICE.messageId, folderId: FOLDERS.inbox }),
      jsonReply({ action: 'responder', answer: 'No he podido leerla.' }),
    );
    const result = await kit.ask('Léeme esa factura');
    expect(result).toMatchObject({ ok: true, value: { tool_rounds: 3, sources: [] } });
    expect(kit.mailbox.reads).toEqual([]);
    const prompts = kit.prompts();
    expect(prompts[1]).toContain(
      `1. Read refused: message "${HETZNER_INVOICE.messageId}" in folder "${HETZNER_INVOICE.folderId}" was not returned by a search in this question.`,
    );
    // The right id in the wrong folder is refused too.
    expect(prompts[3]).toContain(`3. Read refused: message "${HETZNER_INVOICE.messageId}" in folder "${FOLDERS.inbox}"`);
  });

  it('puts at most 4000 characters of any body in the prompt', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', subject: 'IVA 3T' }),
      jsonReply({ action: 'leer', messageId: LONG_LETTER.messageId, folderId: LONG_LETTER.folderId }),
      jsonReply({ action: 'responder', answer: 'La gestoría te manda las facturas del trimestre.' }),
    );
    expect((await kit.ask('¿Qué me mandó la gestoría?')).ok).toBe(true);
    const prompt = kit.prompts()[2]!;
    expect(prompt).toContain(LONG_LETTER.body.slice(0, SECRETARY.readBodyMaxChars));
    expect(prompt).not.toContain(LONG_LETTER.body.slice(0, SECRETARY.readBodyMaxChars + 1));
    expect(prompt).not.toContain('FINAL-DEL-DOCUMENTO');
  });
});
