import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { jsonReply } from '../doubles/gemini-double';
import { DATABASE_FILE, LOG_FILE } from '../harness/start-harness';
import { promptsOf, readListedResult } from '../support/secretary/secretary-prompt';
import { startSecretaryWorld } from './support/secretary-world';

/** Every file under `dir`, however deep. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files of the data folder whose bytes hold `text`, by their path in it. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return filesUnder(dir)
    .filter((file) => readFileSync(file).includes(needle))
    .map((file) => relative(dir, file));
}

it('S12: after a conversation over a mail whose body holds a marker, the marker is nowhere in the data folder', async () => {
  const world = await startSecretaryWorld();
  // Only in the body: not in the subject, the sender or either question.
  const marker = `QX${randomBytes(12).toString('hex')}ZV`;
  const mail = world.zoho.addMessage({
    sender: 'Ingrid Larsen',
    fromAddress: 'ingrid.larsen@nordvik-logistics.no',
    subject: 'Nuevo código de la puerta del almacén',
    html: `<html><body><p>Hola Edu,</p><p>Desde el lunes, el código de la puerta del almacén de Getafe es <b>${marker}</b>.</p><p>Un saludo,<br>Ingrid</p></body></html>`,
  });
  const firstQuestion = '¿Qué me ha escrito Ingrid sobre el almacén?';
  const firstAnswer = `Ingrid dice que desde el lunes el código de la puerta del almacén de Getafe es ${marker}.`;
  const secondQuestion = '¿Desde cuándo vale ese código?';
  const secondAnswer = 'Desde el lunes.';
  world.gemini.script(
    'generateContent',
    jsonReply({ action: 'buscar', from: 'Ingrid' }),
    readListedResult((results) => results.find((result) => result.messageId === mail.messageId)),
    jsonReply({ action: 'responder', answer: firstAnswer, sources: [mail.messageId] }),
    jsonReply({ action: 'responder', answer: secondAnswer }),
  );
  const { ask, harness, stop } = await world.startHarness();

  const first = await ask(firstQuestion);
  expect(first).toMatchObject({ ok: true, value: { answer: firstAnswer, tool_rounds: 2 } });
  // The conversation goes on, its history (the marker in the answer) sent along, as the pane does.
  const second = await ask(secondQuestion, [
    { role: 'user', content: firstQuestion },
    { role: 'assistant', content: firstAnswer },
  ]);
  expect(second).toMatchObject({ ok: true, value: { answer: secondAnswer, tool_rounds: 0 } });
  // The marker did travel: the body was read into the third prompt, and the history into the fourth.
  const prompts = promptsOf(world.gemini.requests);
  expect(prompts).toHaveLength(4);
  expect(prompts[2]).toContain(marker);
  expect(prompts[3]).toContain(marker);

  // While running: the database, its write-ahead log and shared memory, the log.
  expect(filesHolding(harness.dataDir, marker)).toEqual([]);
  await stop();
  // Stopped: the log checkpointed into the database.
  const files = filesUnder(harness.dataDir).map((file) => relative(harness.dataDir, file));
  expect(files).toEqual(expect.arrayContaining([DATABASE_FILE, LOG_FILE]));
  expect(filesHolding(harness.dataDir, marker)).toEqual([]);
  expect(harness.stderr()).not.toContain(marker);

  // The telemetry keeps the questions (seeds 000: correo_chat_queries): the same search finds them there, and
  // only there, which shows it finds what the app does write.
  const db = new Database(join(harness.dataDir, DATABASE_FILE), { readonly: true });
  try {
    const asked = db.prepare<[], { question: string }>('SELECT question FROM correo_chat_queries ORDER BY id').all();
    expect(asked.map((row) => row.question)).toEqual([firstQuestion, secondQuestion]);
  } finally {
    db.close();
  }
  expect(filesHolding(harness.dataDir, firstQuestion)).toEqual([DATABASE_FILE]);
});
