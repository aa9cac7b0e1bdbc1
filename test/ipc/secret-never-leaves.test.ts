import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import { fakeSender } from '../support/fake-sender';
import { createTestCore, type TestCore } from '../support/test-core';

let harness: TestCore;
afterEach(() => harness.dispose());

it('a saved key appears in no IPC response, no log line and no file of the data folder', async () => {
  harness = createTestCore();
  const { sender } = fakeSender();
  const key = 'AIzaSy-secret-value-Omega-1234567890';
  const responses: unknown[] = [await harness.core.registry.call('secrets:set', { name: 'gemini.apiKey', value: key }, sender)];
  // Every channel that takes no input, plus a settings write, so the database has been written to.
  for (const channel of Object.keys(contract) as (keyof typeof contract)[]) {
    if (contract[channel].input.safeParse({}).success) responses.push(await harness.core.registry.call(channel, {}, sender));
  }
  responses.push(await harness.core.registry.call('settings:update', { language: 'es' }, sender));
  // A failure on the way must not echo it either.
  responses.push(await harness.core.registry.call('secrets:set', { name: 'gemini.apiKey', value: key, extra: key }, sender));

  // Stored although Google could not be asked about it (the test core has no Gemini): saved, not verified.
  expect(responses[0]).toEqual({
    ok: true,
    value: { configured: expect.objectContaining({ 'gemini.apiKey': true }), geminiCheck: expect.objectContaining({ outcome: 'unverified' }) },
  });
  expect(JSON.stringify(responses)).not.toContain(key);
  expect(harness.log.lines.join('\n')).not.toContain(key);
  harness.db.pragma('wal_checkpoint(TRUNCATE)');
  for (const file of readdirSync(harness.dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const bytes = readFileSync(join(file.parentPath, file.name));
    expect(bytes.includes(Buffer.from(key, 'utf8')), file.name).toBe(false);
  }
});
