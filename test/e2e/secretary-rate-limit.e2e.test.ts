import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { SECRETARY } from '../../shared/limits';
import { jsonReply } from '../doubles/gemini-double';
import { DATABASE_FILE } from '../harness/start-harness';
import { OWNER_MEMBER, startSecretaryWorld } from './support/secretary-world';

const COLLEAGUE = { email: 'marta@crearack.es', name: 'Marta Ruiz' };

it('S9: the 21st question within a minute is RATE_LIMITED with the seconds to wait, for that member only', async () => {
  const world = await startSecretaryWorld();
  const limit = SECRETARY.rateLimitPerMinute;
  const answers = Array.from({ length: limit + 1 }, (_, index) => `Respuesta ${index + 1}.`);
  world.gemini.script('generateContent', ...answers.map((answer) => jsonReply({ action: 'responder', answer })));

  const owner = await world.startHarness(OWNER_MEMBER);
  for (const [index, answer] of answers.slice(0, limit).entries()) {
    expect(await owner.ask(`Pregunta número ${index + 1}`), `question ${index + 1}`).toMatchObject({ ok: true, value: { answer } });
  }
  const refused = await owner.ask(`Pregunta número ${limit + 1}`);

  if (refused.ok) throw new Error(`question ${limit + 1} was answered: ${refused.value.answer}`);
  expect(refused.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: expect.any(Number) });
  const { retryAfterMs = 0, message } = refused.error;
  expect(retryAfterMs).toBeGreaterThan(0);
  expect(retryAfterMs).toBeLessThanOrEqual(60_000);
  const seconds = Math.ceil(retryAfterMs / 1000);
  expect(message).toContain(`Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
  // Refused before anything went upstream.
  expect(world.gemini.requestsFor('generateContent')).toHaveLength(limit);
  await owner.stop();

  // The same app data folder, another member signed in: the owner's questions do not count against her.
  const colleague = await world.startHarness(COLLEAGUE);
  expect(await colleague.ask('¿Tengo algo pendiente?')).toMatchObject({ ok: true, value: { answer: answers[limit] } });
  await colleague.stop();

  const db = new Database(join(world.dataDir, DATABASE_FILE), { readonly: true });
  try {
    const counted = db
      .prepare<[], { owner: string; questions: number }>(
        'SELECT owner, COUNT(*) AS questions FROM correo_chat_queries GROUP BY owner ORDER BY owner',
      )
      .all();
    // The refused question was not counted.
    expect(counted).toEqual([
      { owner: OWNER_MEMBER.email, questions: limit },
      { owner: COLLEAGUE.email, questions: 1 },
    ]);
  } finally {
    db.close();
  }
});
