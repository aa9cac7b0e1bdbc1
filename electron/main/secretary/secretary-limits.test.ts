import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SECRETARY } from '../../../shared/limits';
import { badRequest, hang, jsonReply, overloaded, quotaExceeded, status } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createFakeMailbox, MESSAGES } from '../../../test/support/secretary/fake-mailbox';
import { createSecretaryKit, EDU, SARAA, type SecretaryKit } from '../../../test/support/secretary/secretary-kit';

const gemini = useGeminiDouble();

const answer = (text: string) => jsonReply({ action: 'responder', answer: text });
const NOTICE = MESSAGES[0]!;

function rows(kit: SecretaryKit, owner = EDU.email) {
  return kit.db
    .prepare('SELECT owner, question, tool_rounds, duration_ms, created_at FROM correo_chat_queries WHERE owner = ? ORDER BY id')
    .all(owner) as Array<{ owner: string; question: string; tool_rounds: number; duration_ms: number; created_at: string }>;
}

describe('S9 at most 20 questions a minute per member', () => {
  it('answers the 21st question within a minute RATE_LIMITED with the wait, for that member only, and does not count it', async () => {
    const kit = createSecretaryKit(gemini.double);
    const start = kit.clock.now();
    for (let i = 0; i < SECRETARY.rateLimitPerMinute; i++) {
      kit.clock.set(start + i * 1000);
      gemini.double.script('generateContent', answer(`Respuesta ${i + 1}`));
      expect((await kit.ask(`Pregunta ${i + 1}`)).ok).toBe(true);
    }

    kit.clock.set(start + 30_000);
    const asked = gemini.double.requests.length;
    const refused = await kit.ask('Pregunta 21');
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 30_000 } });
    if (!refused.ok) expect(refused.error.message).toContain('Try again in 30 seconds.');
    expect(gemini.double.requests).toHaveLength(asked);
    expect(kit.mailbox.searches).toEqual([]);
    expect(rows(kit)).toHaveLength(SECRETARY.rateLimitPerMinute);

    gemini.double.script('generateContent', answer('Hola, Saraa.'));
    expect(await kit.ask('Hola', { member: SARAA })).toMatchObject({ ok: true, value: { answer: 'Hola, Saraa.' } });

    // The first question has left the window; had the refused one been counted, this would be the 21st.
    kit.clock.set(start + 60_001);
    gemini.double.script('generateContent', answer('Ya puedes.'));
    expect(await kit.ask('Pregunta 22')).toMatchObject({ ok: true, value: { answer: 'Ya puedes.' } });
  });
});

describe('S10 each model call: 40 s, 2 attempts', () => {
  it('gives every call 40 seconds and 2 attempts, and retries once after a cold-start failure', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', overloaded(), answer('Ya está.'));
    expect(await kit.ask('¿Algo nuevo?')).toMatchObject({ ok: true, value: { answer: 'Ya está.' } });
    expect(gemini.double.requests).toHaveLength(2);
    for (const call of kit.calls) {
      expect(call).toMatchObject({ attempts: SECRETARY.modelAttempts, timeoutMs: SECRETARY.modelTimeoutMs });
    }
  });

  it('gives up after the second attempt with an error the member can act on', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', overloaded(), overloaded(), answer('Demasiado tarde.'));
    const result = await kit.ask('¿Algo nuevo?');
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'overloaded' } });
    expect(gemini.double.requests).toHaveLength(SECRETARY.modelAttempts);
  });

  it('hands a quota that asks for 20 s back at once, with the wait, instead of retrying after it (issue 11)', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '20s' }), answer('Demasiado pronto.'));
    expect(await kit.ask('¿Algo nuevo?')).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 20_000 } });
    expect(gemini.double.requests).toHaveLength(1);
  });

  it('names the secretary model Gemini does not offer to the key', async () => {
    const kit = createSecretaryKit(gemini.double, { model: 'gemini-9-ultra' });
    gemini.double.script('generateContent', status(404));
    expect(await kit.ask('¿Algo nuevo?')).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'unknown_model', model: 'gemini-9-ultra' },
    });
  });

  it('aborts the model call in flight when the question is cancelled', async () => {
    const kit = createSecretaryKit(gemini.double);
    gemini.double.script('generateContent', hang());
    const controller = new AbortController();
    const asking = kit.ask('¿Algo nuevo?', { signal: controller.signal });
    await vi.waitFor(() => expect(gemini.double.requests).toHaveLength(1));
    controller.abort();
    expect(await asking).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'cancelled' } });
    await vi.waitFor(() => expect(gemini.double.requests[0]!.aborted).toBe(true));
    expect(gemini.double.requests).toHaveLength(1);
  });
});

describe('S11 a telemetry row per question, best effort', () => {
  it('records owner, question, rounds and duration of an answered question', async () => {
    const kit = createSecretaryKit(gemini.double, { mailboxLatencyMs: 250 });
    const startedAt = new Date(kit.clock.now()).toISOString();
    gemini.double.script(
      'generateContent',
      jsonReply({ action: 'buscar', from: 'info@hetzner.com' }),
      jsonReply({ action: 'leer', messageId: NOTICE.messageId, folderId: NOTICE.folderId }),
      answer('Un mantenimiento el 20 de agosto.'),
    );
    expect(await kit.ask('¿Qué me decía el último aviso de Hetzner?')).toMatchObject({
      ok: true,
      value: { tool_rounds: 2, duration_ms: 500 },
    });
    expect(rows(kit)).toEqual([
      { owner: EDU.email, question: '¿Qué me decía el último aviso de Hetzner?', tool_rounds: 2, duration_ms: 500, created_at: startedAt },
    ]);
  });

  it('records a question that failed, with the rounds it got through', async () => {
    const kit = createSecretaryKit(gemini.double, { mailboxLatencyMs: 250 });
    gemini.double.script('generateContent', jsonReply({ action: 'buscar', query: 'hetzner' }), badRequest('Request contains an invalid argument.'));
    expect(await kit.ask('¿Algo de Hetzner?')).toMatchObject({ ok: false, error: { code: 'UPSTREAM' } });
    expect(rows(kit)).toMatchObject([{ question: '¿Algo de Hetzner?', tool_rounds: 1, duration_ms: 250 }]);
  });

  it('still answers when the telemetry cannot be written (a read-only database)', async () => {
    const kit = createSecretaryKit(gemini.double, {
      secretaryDb: (file) => {
        const readOnly = new Database(file, { readonly: true });
        onTestFinished(() => {
          readOnly.close();
        });
        return readOnly;
      },
    });
    gemini.double.script('generateContent', answer('Nada nuevo.'));
    expect(await kit.ask('¿Algo nuevo?')).toMatchObject({ ok: true, value: { answer: 'Nada nuevo.' } });
    expect(rows(kit)).toEqual([]);
    expect(kit.log.lines.join('\n')).toContain('secretary telemetry: could not count the question');
  });

  it('still answers when the row cannot be completed (the database closed mid-question)', async () => {
    let connection: Database.Database | undefined;
    const mailbox = createFakeMailbox({ onRequest: () => connection?.close() });
    const kit = createSecretaryKit(gemini.double, { mailbox, secretaryDb: (file) => (connection = new Database(file)) });
    gemini.double.script('generateContent', jsonReply({ action: 'buscar', query: 'hetzner' }), answer('Tres correos de Hetzner.'));
    expect(await kit.ask('¿Algo de Hetzner?')).toMatchObject({ ok: true, value: { answer: 'Tres correos de Hetzner.', tool_rounds: 1 } });
    expect(rows(kit)).toMatchObject([{ question: '¿Algo de Hetzner?', tool_rounds: 0 }]);
    expect(kit.log.lines.join('\n')).toContain('secretary telemetry: could not record the question');
  });

  it('still answers when the database is closed', async () => {
    const kit = createSecretaryKit(gemini.double, {
      secretaryDb: (file) => {
        const closed = new Database(file);
        closed.close();
        return closed;
      },
    });
    gemini.double.script('generateContent', answer('Nada nuevo.'));
    expect(await kit.ask('¿Algo nuevo?')).toMatchObject({ ok: true, value: { answer: 'Nada nuevo.' } });
    expect(kit.prompts()[0]).toContain('Latest mailbox digest: (the latest digest could not be loaded.)');
    expect(kit.log.lines.join('\n')).toContain('secretary telemetry: could not count the question');
  });
});
