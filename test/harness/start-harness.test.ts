import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCfAccessDouble, type CfAccessDouble } from '../doubles/cf-access-double';
import { UNREACHABLE_GEMINI_URL } from '../support/test-core';
import type { HarnessConfig } from './harness-config';
import { openSocket } from './socket-client';
import { LOG_FILE, startHarness, TRANSCRIPTS_DIR, type RunningHarness } from './start-harness';

let access: CfAccessDouble;
beforeAll(async () => {
  access = await startCfAccessDouble();
});
afterAll(() => access.close());

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(extra: Partial<HarnessConfig> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-desk-harness-auth-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config: HarnessConfig = {
    gemini: { baseUrl: UNREACHABLE_GEMINI_URL },
    zoho: { accountsUrl: 'http://127.0.0.1:9/accounts', mailUrl: 'http://127.0.0.1:9/mail' },
    cfAccess: { teamUrl: access.teamUrl, aud: access.aud },
    dataDir,
    secrets: 'memory',
    secretValues: {},
    settings: {},
    ...extra,
  };
  // Sign-in is all these tests look at: the page itself is never requested.
  const started = await startHarness({
    config,
    rendererDir: dataDir,
    defaultKnowledgeFolder: dataDir,
    shimCode: '',
    appVersion: '0.0.0-test',
  });
  if (!started.ok) throw new Error(started.message);
  const harness: RunningHarness = started.harness;
  cleanups.push(() => harness.close());
  const client = await openSocket(harness.ws);
  cleanups.push(() => client.close());
  return { client, notes: started.notes, dataDir };
}

describe('harness sign-in', () => {
  it('starts signed in as the cfToken’s member, and tells the page when the member signs out', async () => {
    const { client, notes } = await start({ cfToken: await access.issue({ email: 'ana@example.com' }) });

    expect(notes).toEqual([]);
    expect(await client.call('auth:status')).toEqual({
      ok: true,
      value: { state: 'signed_in', email: 'ana@example.com', expiresAt: expect.any(Number) },
    });

    expect(await client.call('auth:logout')).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(await client.nextEvent('auth:changed')).toEqual({ state: 'signed_out' });
  });

  it('starts signed out without a cfToken, and sign-in (a window closed by hand) leaves it so', async () => {
    const { client } = await start();

    expect(await client.call('auth:status')).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(await client.call('auth:login')).toEqual({ ok: true, value: { state: 'signed_out' } });
  });

  it('starts signed out, saying why, when the cfToken does not verify', async () => {
    const { client, notes } = await start({ cfToken: await access.issue({ aud: ['ef'.repeat(32)] }) });

    expect(notes).toEqual([expect.stringMatching(/^cfToken was refused \(wrong_audience\): .* The harness starts signed out\.$/)]);
    expect(await client.call('auth:status')).toEqual({ ok: true, value: { state: 'signed_out' } });
  });

  it('follows Settings when cfAccess could not be used: not configured, and the cfToken refused', async () => {
    const { client, notes } = await start({ cfAccess: null, cfToken: await access.issue() });

    expect(notes).toEqual([expect.stringMatching(/^cfToken was refused \(access_not_configured\)/)]);
    expect(await client.call('auth:status')).toEqual({ ok: true, value: { state: 'not_configured' } });
  });
});

describe('harness stand-ins for the system dialogs', () => {
  it("saves a meeting's exported captions in its dataDir, where a browser test reads them back, and logs none of their words", async () => {
    const { client, dataDir } = await start({ cfToken: await access.issue({ email: 'ana@example.com' }) });
    const content = '1\n00:00:01,200 --> 00:00:03,900\nThe merger closes on Friday.\nLa fusión se cierra el viernes.\n';

    expect(await client.call('translate:saveTranscript', { format: 'srt', content, fileName: 'Captions 2026-12-02 10.30' })).toEqual({
      ok: true,
      value: { saved: true },
    });
    expect(readFileSync(join(dataDir, TRANSCRIPTS_DIR, 'Captions 2026-12-02 10.30.srt'), 'utf8')).toBe(content);
    const logged = readFileSync(join(dataDir, LOG_FILE), 'utf8');
    expect(logged).toContain('transcript export requested');
    expect(logged).not.toContain('merger');
  });
});
