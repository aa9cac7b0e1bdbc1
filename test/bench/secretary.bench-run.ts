import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { SECRETARY } from '../../shared/limits';
import type { MailboxPort } from '../../electron/main/mail/mailbox-port';
import { jsonReply, startGeminiDouble } from '../doubles/gemini-double';
import { createFakeMailbox, MESSAGES } from '../support/secretary/fake-mailbox';
import { createSecretaryKit } from '../support/secretary/secretary-kit';
import { percentile, record } from './measure';

const QUESTIONS = 200;
const WARM_UP = 20;
const NOTICE = MESSAGES[0]!;

/** The fake mailbox, timed: its own work is not the secretary's overhead. */
function timedMailbox(): { mailbox: ReturnType<typeof createFakeMailbox>; spentMs: () => number; reset: () => void } {
  const inner = createFakeMailbox();
  let spent = 0;
  const timed = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const start = performance.now();
      try {
        return await fn(...args);
      } finally {
        spent += performance.now() - start;
      }
    };
  const mailbox = {
    ...inner,
    search: timed<Parameters<MailboxPort['search']>, Awaited<ReturnType<MailboxPort['search']>>>(inner.search),
    read: timed<Parameters<MailboxPort['read']>, Awaited<ReturnType<MailboxPort['read']>>>(inner.read),
  };
  return { mailbox, spentMs: () => spent, reset: () => (spent = 0) };
}

it('measures the secretary loop overhead on a 3-round question', async () => {
  const double = await startGeminiDouble({ validKeys: ['test-key'] });
  try {
    const timed = timedMailbox();
    const kit = createSecretaryKit(double, { mailbox: timed.mailbox });
    const ask = async () => {
      double.reset();
      timed.reset();
      double.script(
        'generateContent',
        jsonReply({ action: 'buscar', from: 'hetzner' }),
        jsonReply({ action: 'leer', messageId: NOTICE.messageId, folderId: NOTICE.folderId }),
        jsonReply({ action: 'buscar', subject: 'invoice' }),
        jsonReply({ action: 'responder', answer: 'Un mantenimiento el 20 de agosto y una factura de 87,46 EUR.' }),
      );
      // A new minute for every question: the bench measures the loop, not the rate limit.
      kit.clock.advance(60_001);
      const start = performance.now();
      const result = await kit.ask('¿Qué hay de Hetzner?');
      const total = performance.now() - start;
      expect(result).toMatchObject({ ok: true, value: { tool_rounds: SECRETARY.maxToolRounds } });
      const served = double.requests.reduce((sum, request) => sum + (request.endedAt! - request.startedAt), 0);
      return total - served - timed.spentMs();
    };

    for (let i = 0; i < WARM_UP; i++) await ask();
    const overheads: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) overheads.push(await ask());

    record({ name: 'secretary_overhead_ms_p50', value: percentile(overheads, 50), target: '<= 15' });
  } finally {
    await double.close();
  }
});
