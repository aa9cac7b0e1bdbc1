import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { startGeminiDouble } from '../doubles/gemini-double';
import { openSocket } from '../harness/socket-client';
import { DATABASE_FILE, LOG_FILE } from '../harness/start-harness';
import { harnessConfig, runHarnessExpectingExit, startHarnessProcess, tempDir, writeConfig } from './support/harness-process';

it('npm run harness prints one ready line, applies the config, and closes its database when npm gets SIGTERM', async () => {
  const gemini = await startGeminiDouble();
  const data = tempDir('staff-desk-e2e-cli-');
  onTestFinished(async () => {
    await gemini.close();
    data.remove();
  });
  const harness = await startHarnessProcess(
    harnessConfig(gemini.baseUrl, data.dir, {
      settings: {
        language: 'fr',
        models: { oracle: 'gemini-e2e-oracle' },
        knowledgeBase: { path: '/srv/no-such-kb' },
        hologram: { projector: true },
      },
      cfToken: 'header.payload.signature',
    }),
    'npm-run',
  );
  onTestFinished(() => harness.stop());

  const client = await openSocket(harness.ws);
  const settings = await client.call('settings:get');
  const knowledge = await client.call('oracle:status');
  await client.close();
  await harness.stop();

  expect(settings).toEqual({
    ok: true,
    value: expect.objectContaining({
      language: 'fr',
      models: expect.objectContaining({ oracle: 'gemini-e2e-oracle' }),
      knowledgeBase: { path: '/srv/no-such-kb', floors: {}, hint: null },
    }),
  });
  // The oracle reads the folder the config names; a folder that is not there is said so, not fatal.
  expect(knowledge).toMatchObject({ ok: true, value: { folder: { path: '/srv/no-such-kb', isDefault: false } } });
  expect(harness.stderr()).toMatch(/settings\.hologram is not known to this version/);
  expect(harness.stderr()).toMatch(/cfToken was refused \(access_not_configured\)/);
  expect(harness.stdoutLines).toHaveLength(1);
  expect(JSON.parse(harness.stdoutLines[0]!)).toEqual({ url: harness.url, ws: harness.ws });
  expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
  expect(harness.ws).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ipc\?token=[\w-]+$/);
  // A database closed cleanly folds its write-ahead log back in and removes it.
  expect(existsSync(join(data.dir, `${DATABASE_FILE}-wal`))).toBe(false);
  expect(readFileSync(join(data.dir, LOG_FILE), 'utf8')).toMatch(/harness stopped/);
});

it('refuses a config it cannot use with exit code 2, saying why on stderr and nothing on stdout', async () => {
  const data = tempDir('staff-desk-e2e-cli-');
  const offMachine = writeConfig(harnessConfig('http://gemini.example.com', data.dir));
  const incomplete = writeConfig({ dataDir: data.dir, secrets: 'memory' });
  const badSettings = writeConfig(harnessConfig('http://127.0.0.1:9', data.dir, { settings: { language: 'xx' } }));
  onTestFinished(() => {
    for (const written of [offMachine, incomplete, badSettings]) written.remove();
    data.remove();
  });

  const runs = {
    offMachine: await runHarnessExpectingExit(['--config', offMachine.file]),
    incomplete: await runHarnessExpectingExit(['--config', incomplete.file]),
    badSettings: await runHarnessExpectingExit(['--config', badSettings.file]),
    noConfig: await runHarnessExpectingExit([]),
  };

  for (const [name, run] of Object.entries(runs)) {
    expect(run.code, name).toBe(2);
    expect(run.stdout, name).toBe('');
  }
  expect(runs.offMachine.stderr).toMatch(/gemini\.baseUrl: Use an https URL; plain http is accepted only for 127\.0\.0\.1/);
  expect(runs.incomplete.stderr).toMatch(/gemini:/);
  expect(runs.incomplete.stderr).toMatch(/cfAccess:/);
  expect(runs.badSettings.stderr).toMatch(/settings\.language:/);
  expect(runs.noConfig.stderr).toMatch(/usage: npm run harness -- --config FILE/);
  expect(existsSync(join(data.dir, DATABASE_FILE))).toBe(false);
});
