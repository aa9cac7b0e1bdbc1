import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GoneProcess } from '../../../shared/crash-reports';
import { contract } from '../../../shared/ipc/contract';
import { STARTUP } from '../../../shared/limits';
import { jsonReply, startGeminiDouble, textReply, type GeminiDouble } from '../../../test/doubles/gemini-double';
import { startZohoDouble, type ZohoDouble } from '../../../test/doubles/zoho-double';
import { manualClock } from '../../../test/support/auth-test-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { createSignedInTestCore, TEST_MEMBER } from '../../../test/support/signed-in-core';
import { makeTempDir } from '../../../test/support/store-helpers';
import { callToEnd } from '../../../test/support/stream-call';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { createMemoryLogger } from '../log/logger';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { createStartupMarks } from '../startup/startup-marks';

/*
 * TP4 on the real core, with the protocol doubles: whatever secret, token, mail or transcript went through the app,
 * and whatever a careless log call wrote, the report support receives holds none of it, and still says what it must.
 */

const GEMINI_KEY = 'AIzaSyCanary0gemini1key2abcdefghijklmnopq';
const ZOHO_CLIENT_ID = '1000.CANARY0ZOHO1CLIENT2ID3456789';
const ZOHO_CLIENT_SECRET = 'canary0zoho1client2secret3abcdef456789';
const MAIL_SUBJECT = 'Payroll for Fernhill canary quarter';
const MAIL_BODY = 'The canary body says the vault code is Wombat Tangerine Seventeen.';
const TRANSCRIPT = 'Canary transcript: the board meets on Saturday at Marigold Hall.';

let gemini: GeminiDouble;
let zoho: ZohoDouble;
beforeAll(async () => {
  gemini = await startGeminiDouble({ validKeys: [GEMINI_KEY] });
  zoho = await startZohoDouble({ clientId: ZOHO_CLIENT_ID, clientSecret: ZOHO_CLIENT_SECRET });
});
afterAll(async () => {
  await gemini.close();
  await zoho.close();
});

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  gemini.reset();
  zoho.reset();
});

/** Signed in with canary secrets, the mailbox connected through Zoho's loopback flow, as a member sets it up. */
async function setUp() {
  const secrets = createMemorySecretStore({ 'gemini.apiKey': GEMINI_KEY, 'zoho.clientId': ZOHO_CLIENT_ID, 'zoho.clientSecret': ZOHO_CLIENT_SECRET });
  const started = await createSignedInTestCore({
    secrets,
    gemini: { baseUrl: gemini.baseUrl },
    zoho: { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl },
  });
  test = started;
  // No morning pass: one due now would read the canary mail too, and take the Secretary's scripted replies.
  started.storeSettings({ digest: { enabled: false } });
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => started.core.registry.call(channel, input, window.sender);
  // A Cloudflare Access token of the member's, renewed as the app renews it.
  const cfToken = await started.access.issue(TEST_MEMBER);
  expect(await started.core.auth.acceptToken(cfToken)).toMatchObject({ ok: true });

  expect(await call('zoho:connect', { method: 'loopback' })).toMatchObject({ ok: true });
  await expect.poll(() => started.opens.length).toBe(1);
  const authUrl = new URL(started.opens[0]!);
  await fetch(authUrl);
  await zoho.approveAuthorization(authUrl.searchParams.get('state')!);
  await expect.poll(() => window.events.map((event) => event.event)).toContain('zoho:done');
  const refreshToken = await secrets.get('zoho.refreshToken');
  if (!refreshToken.ok || !refreshToken.value) throw new Error('the mailbox was not connected');
  return { test: started, call, cfToken, refreshToken: refreshToken.value };
}

const copied = async (call: (channel: string) => Promise<unknown>, test: TestCore) => {
  expect(await call('diagnostics:copy')).toEqual({ ok: true, value: { copied: true, lines: expect.any(Number) } });
  return test.copies.at(-1)!;
};

describe('TP4 the diagnostics report', () => {
  it('TP4 holds no secret, token, mail text or transcript that went through the app or into its log', async () => {
    const { test, call, cfToken, refreshToken } = await setUp();

    // The Secretary searches the mailbox for a question and reads what it found: the canary mail passes through.
    zoho.addMessage({ subject: MAIL_SUBJECT, html: `<p>${MAIL_BODY}</p>`, status: 'unread' });
    gemini.script('generateContent', jsonReply({ action: 'buscar', query: 'vault code' }), jsonReply({ action: 'responder', answer: MAIL_BODY }));
    const asked = await callToEnd(test.core.registry, 'secretary:ask', { question: 'What is the vault code?', history: [] }, contract['secretary:ask'].terminal);
    expect(asked.result).toMatchObject({ ok: true, value: { answer: MAIL_BODY } });
    expect(zoho.requestsFor('search').length).toBeGreaterThan(0);
    // A meeting's words are translated.
    gemini.script('generateContent', textReply(TRANSCRIPT));
    await call('translate:text', { text: TRANSCRIPT, to: 'es' });
    expect(JSON.stringify(gemini.requestsFor('generateContent').at(-1)!.body)).toContain('Marigold Hall');

    const zohoAccessTokens = [...new Set(zoho.requests.flatMap((request) => (request.accessToken ? [request.accessToken] : [])))];
    expect(zohoAccessTokens.length).toBeGreaterThan(0);
    const canaries: Record<string, string> = {
      'the Gemini key': GEMINI_KEY,
      'the Zoho client secret': ZOHO_CLIENT_SECRET,
      'the Cloudflare Access token': cfToken,
      ...Object.fromEntries(zohoAccessTokens.map((token, n) => [`Zoho access token ${n + 1}`, token])),
      'the Zoho refresh token': refreshToken,
      'the mail subject': MAIL_SUBJECT,
      'the mail body': MAIL_BODY,
      'the transcript': TRANSCRIPT,
      "the member's email": TEST_MEMBER.email,
    };

    // What the core logged, then what a careless log call and a crash would have left in main.log.
    const careless = JSON.stringify({
      time: '2026-12-04T10:00:00.000Z',
      level: 'error',
      message: 'secretary failed',
      chars: 42,
      code: 'UPSTREAM',
      ...Object.fromEntries(Object.values(canaries).map((value, n) => [`field${n}`, value])),
      nested: { subject: MAIL_SUBJECT, reason: 'quota' },
    });
    const crash = `panic: ${Object.values(canaries).join(' ')}`;
    writeFileSync(join(test.dir, 'main.log'), [...test.log.lines, careless, crash, ''].join('\n'));

    const report = await copied(call, test);
    for (const [name, value] of Object.entries(canaries)) expect(report, name).not.toContain(value);
    expect(report).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);

    // And it says what support needs.
    for (const line of [
      '== App ==',
      'version = 0.0.0-test',
      'electron = 40.0.0, chromium = 144.0.0.0, node = 24.0.0',
      'models.oracle = gemini-3.8-flash',
      'gemini.apiKey = configured',
      'zoho.clientSecret = configured',
      'zoho.refreshToken = configured',
      '== Policy ==',
      'sign-in = signed_in (example.com)',
      'mailbox = connected, data centre eu',
      'live voice (gemini-3.8-live) = not tried since the app started',
      'secretary failed chars=42 code=UPSTREAM',
      'nested.reason=quota',
      '[redacted: not a log entry]',
    ]) {
      expect(report).toContain(line);
    }
  });

  it('TP4 is copied signed out, for a member who cannot sign in', async () => {
    test = createTestCore();
    const { sender } = fakeSender();
    const call = (channel: string) => test!.core.registry.call(channel, {}, sender);
    const report = await copied(call, test);
    expect(report).toContain('sign-in = not_configured');
    expect(report).toContain('gemini.apiKey = not set');
    expect(report).toContain('== Recent log (last 0 lines, redacted) ==');
    expect(sectionOf(report, 'Recent crashes')).toEqual(['sending = off, kept on this computer', 'minidumps = none', 'processes gone since the app started = none']);
    // The browser harness starts no tray or window: there is no start to measure.
    expect(sectionOf(report, 'Last start')).toEqual(['not measured (nothing was started in this process)']);
  });

  it('TP4 is saved whole to the file the member chooses, and nothing is written when they cancel', async () => {
    test = createTestCore();
    const { sender } = fakeSender();
    const call = (channel: string) => test!.core.registry.call(channel, {}, sender);
    test.diagnosticsFiles.cancel = true;
    expect(await call('diagnostics:save')).toEqual({ ok: true, value: { saved: false } });
    expect(test.diagnosticsFiles.saved).toEqual([]);

    test.diagnosticsFiles.cancel = false;
    expect(await call('diagnostics:save')).toEqual({ ok: true, value: { saved: true } });
    const report = await copied(call, test);
    const [saved] = test.diagnosticsFiles.saved;
    expect(saved!.fileName).toMatch(/^staff-desk-diagnostics-\d{4}-\d{2}-\d{2}$/);
    // The same report but for its first line, the time it was made.
    expect(saved!.content.split('\n').slice(1)).toEqual(report.split('\n').slice(1));
  });

  it('RD3 lists recent crashes: the newest minidumps, whether each was sent, and the processes that died this session', async () => {
    const folder = join(makeTempDir(), 'Crashpad');
    const dumps = [
      { id: '5e0c1c1a-0b7e-4a7a-9d0e-1f2a3b4c5d6e', day: '2026-11-30T08:15:00.000Z', bytes: 300 * 1024 },
      { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', day: '2026-12-02T16:40:00.000Z', bytes: 1536 },
    ];
    mkdirSync(join(folder, 'completed'), { recursive: true });
    for (const dump of dumps) {
      const file = join(folder, 'completed', `${dump.id}.dmp`);
      writeFileSync(file, Buffer.alloc(dump.bytes));
      utimesSync(file, new Date(dump.day), new Date(dump.day));
    }
    const gone: GoneProcess[] = [{ at: Date.parse('2026-12-04T09:30:00.000Z'), type: 'renderer', reason: 'crashed', exitCode: 11 }];
    test = createTestCore({ crashReports: { folder, gone: () => gone } });
    // As an earlier run left it: sending on to the team's server, the older minidump sent.
    test.storeSettings({ crashReports: { upload: true, url: 'https://o1.ingest.sentry.io/api/7/minidump/?sentry_key=canary0crash0token' } });
    test.db.prepare('INSERT INTO crash_uploads (dump, uploaded_at) VALUES (?, ?)').run(dumps[0]!.id, Date.parse('2026-11-30T08:16:00.000Z'));
    const { sender } = fakeSender();
    const report = await copied((channel) => test!.core.registry.call(channel, {}, sender), test);

    expect(report).toContain('crashReports.upload = true\ncrashReports.url = https://o1.ingest.sentry.io\n');
    expect(sectionOf(report, 'Recent crashes')).toEqual([
      'sending = on, to https://o1.ingest.sentry.io',
      'minidumps = 2 on this computer:',
      'minidump 2026-12-02T16:40:00.000Z, 2 KB, kept on this computer only',
      'minidump 2026-11-30T08:15:00.000Z, 300 KB, sent 2026-11-30T08:16:00.000Z',
      'processes gone since the app started = 1',
      'renderer process crashed (exit code 11) at 2026-12-04T09:30:00.000Z',
    ]);
    expect(report).not.toContain('canary0crash0token');
    expect(report).not.toContain('/api/7/minidump');
  });

  it('RD4 has the last start’s figures in the order they came, each beside its budget, and quick ask’s time to visible', async () => {
    const clock = manualClock(0);
    const startup = createStartupMarks({ now: clock.now, startedHidden: false, timers: clock.timers, log: createMemoryLogger() });
    test = createTestCore({ startup });
    const { sender } = fakeSender();
    const call = (channel: string) => test!.core.registry.call(channel, {}, sender);
    clock.advance(640);
    startup.trayReady();
    const early = await copied(call, test);
    expect(sectionOf(early, 'Last start')).toEqual([
      'tray ready = 640 ms (budget 1500 ms)',
      'window shown = not yet',
      'first paint = not yet',
      'quick ask to visible = not opened since the app started',
    ]);

    clock.advance(270);
    startup.windowShown();
    clock.advance(1_490);
    await call('app:painted');
    startup.quickAsk.asked();
    clock.advance(180);
    startup.quickAsk.visible();
    expect(sectionOf(await copied(call, test), 'Last start')).toEqual([
      'tray ready = 640 ms (budget 1500 ms)',
      'window shown = 910 ms',
      'first paint = 2400 ms (over its budget of 2000 ms)',
      'quick ask to visible = 180 ms the first time, 180 ms the latest',
    ]);
  });

  it('RD4 says a start at login left the window in the tray, and a page that never painted by the end of the wait', async () => {
    const clock = manualClock(0);
    const startup = createStartupMarks({ now: clock.now, startedHidden: true, timers: clock.timers, log: createMemoryLogger() });
    test = createTestCore({ startup });
    const { sender } = fakeSender();
    clock.advance(700);
    startup.trayReady();
    clock.advance(STARTUP.settleMs);
    const report = await copied((channel) => test!.core.registry.call(channel, {}, sender), test);
    expect(sectionOf(report, 'Last start')).toEqual([
      'tray ready = 700 ms (budget 1500 ms)',
      'window shown = not shown (started in the tray)',
      'first paint = not reached',
      'quick ask to visible = not opened since the app started',
    ]);
  });
});

/** The lines of one `== title ... ==` section of the report. */
function sectionOf(report: string, title: string): string[] {
  const lines = report.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`== ${title}`));
  const end = lines.findIndex((line, index) => index > start && line === '');
  return lines.slice(start + 1, end);
}
