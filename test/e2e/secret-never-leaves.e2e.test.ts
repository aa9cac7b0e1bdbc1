import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it, onTestFinished } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import type { Result } from '../../shared/result';
import { startCfAccessDouble } from '../doubles/cf-access-double';
import { startZohoDouble } from '../doubles/zoho-double';
import { LOG_FILE } from '../harness/start-harness';
import { openSocket, type SocketClient } from '../harness/socket-client';
import { tabTo } from './support/browser';
import { E2E_MEMBER, startSession, type Session } from './support/session';
import { startOf, ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-never-leaves-0123456789abcdef';
const ZOHO_CLIENT_ID = '1000.E2ENEVERLEAVESCLIENT0123456789';
const ZOHO_CLIENT_SECRET = 'e2e0never1leaves2zoho3client4secret5678';

/** Everything a tool on the socket can ask without input; signing out comes last, so the rest runs signed in. */
async function askEverythingWithoutInput(client: SocketClient): Promise<Array<Result<unknown>>> {
  const channels = Object.entries(contract)
    .filter(([, def]) => def.input.safeParse({}).success)
    .map(([channel]) => channel)
    .sort((a, b) => Number(a === 'auth:logout') - Number(b === 'auth:logout'));
  const replies = [];
  for (const channel of channels) replies.push(await client.call(channel));
  return replies;
}

/** What the page holds: its document, what its fields hold, its storage and its cookies. */
async function rendererState(page: Page): Promise<string> {
  const inPage = await page.locator('html').evaluate((html) => {
    const window = html.ownerDocument.defaultView!;
    return {
      html: html.outerHTML,
      fields: [...html.querySelectorAll('input, textarea')].map((field) => ('value' in field ? String(field.value) : '')),
      local: { ...window.localStorage },
      session: { ...window.sessionStorage },
    };
  });
  return JSON.stringify({ ...inPage, cookies: await page.context().cookies() });
}

/**
 * None of `secrets` in the renderer, in what the page and the tool received on their sockets, in the replies, on
 * the harness's stderr, or in any file of its data folder (log and database; read after it stopped and checkpointed).
 */
async function expectNowhere(secrets: Record<string, string>, world: { session: Session; client: SocketClient; replies: unknown[] }) {
  const { harness, page, socketFrames } = world.session;
  const renderer = await rendererState(page);
  await world.client.close();
  await harness.stop();

  // The capture holds the page itself, not an empty shell.
  expect(renderer).toContain(ui.panes.secretary.title);
  const files = readdirSync(harness.dataDir);
  expect(files).toContain(LOG_FILE);
  expect(readFileSync(join(harness.dataDir, LOG_FILE), 'utf8')).toMatch(/harness started/);
  expect(socketFrames.length).toBeGreaterThan(0);
  for (const [name, secret] of Object.entries(secrets)) {
    for (const file of files) expect(readFileSync(join(harness.dataDir, file)).includes(Buffer.from(secret, 'utf8')), `${name} in ${file}`).toBe(false);
    expect(renderer, `${name} in the renderer`).not.toContain(secret);
    expect(socketFrames.join('\n'), `${name} sent to the page`).not.toContain(secret);
    expect(world.client.frames.join('\n'), `${name} sent to the tool`).not.toContain(secret);
    expect(JSON.stringify(world.replies), `${name} in a reply`).not.toContain(secret);
    expect(harness.stderr(), `${name} on stderr`).not.toContain(secret);
  }
}

it('a key typed in Settings and used appears in no log line, no data file, no socket reply and nowhere in the page', async () => {
  const session = await startSession({ validKeys: [KEY] });
  const { harness, page } = session;
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+Comma');
  await tabTo(page, page.getByLabel(ui.settings.apiKey.label, { exact: true }));
  await page.keyboard.type(KEY);
  await page.keyboard.press('Enter');
  // Main tried it with Google before storing it.
  await page.getByText(ui.settings.apiKey.state.works, { exact: true }).waitFor();
  // Saving leaves the keyboard on Replace; Check key is the button just before it.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, page.getByRole('button', { name: ui.settings.apiKey.check }));
  await page.keyboard.press('Enter');
  await page.getByText(ui.settings.apiKey.works, { exact: true }).waitFor();

  const client = await openSocket(harness.ws);
  const replies = await askEverythingWithoutInput(client);
  expect(replies).toContainEqual({
    ok: true,
    value: { configured: expect.objectContaining({ 'gemini.apiKey': true }), geminiCheck: expect.objectContaining({ outcome: 'works' }) },
  });

  await expectNowhere({ 'the Gemini key': KEY }, { session, client, replies });
});

it('the Zoho client secret, the refresh token, and the Zoho and Cloudflare Access tokens appear nowhere either', async () => {
  const cf = await startCfAccessDouble();
  onTestFinished(() => cf.close());
  const zoho = await startZohoDouble({ clientId: ZOHO_CLIENT_ID, clientSecret: ZOHO_CLIENT_SECRET, location: 'eu', deviceIntervalSec: 1 });
  onTestFinished(() => zoho.close());
  const cfToken = await cf.issue(E2E_MEMBER);
  const session = await startSession({
    validKeys: [KEY],
    config: {
      zoho: { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl },
      cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud },
      cfToken,
      secretValues: { 'gemini.apiKey': KEY },
      settings: { zoho: { dataCentre: 'eu' }, digest: { enabled: false } },
    },
  });
  const { harness, page } = session;
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();

  // The member enters the OAuth client in Settings and connects the mailbox with a code, as on first use.
  await page.keyboard.press('Control+Comma');
  const settings = page.getByRole('tabpanel');
  await settings.getByLabel(ui.settings.zoho.client.id, { exact: true }).fill(ZOHO_CLIENT_ID);
  await settings.getByLabel(ui.settings.zoho.client.secret, { exact: true }).fill(ZOHO_CLIENT_SECRET);
  await settings.getByRole('button', { name: ui.settings.zoho.client.save }).click();
  await settings.getByText(ui.settings.zoho.client.saved).waitFor();
  await settings.getByRole('button', { name: ui.settings.zoho.mailbox.connect, exact: true }).click();
  const code = settings.getByRole('status', { name: ui.settings.zoho.mailbox.codeLabel });
  zoho.authorizeDevice((await code.textContent())!.trim());
  await settings.getByText(startOf(ui.settings.zoho.mailbox.connectedNow)).waitFor();

  // A tool asks everything it can, signed in: zoho:disconnect among it, which revokes (so shows) the refresh token.
  const client = await openSocket(harness.ws);
  const replies = await askEverythingWithoutInput(client);
  expect(replies).toContainEqual({ ok: true, value: { state: 'signed_in', email: E2E_MEMBER.email, name: E2E_MEMBER.name, expiresAt: expect.any(Number) } });
  const [revoked] = zoho.requestsFor('revoke');
  const refreshToken = revoked?.query.token;
  expect(refreshToken).toMatch(/^1000\./);
  const zohoAccessTokens = [...new Set(zoho.requests.flatMap((request) => (request.accessToken ? [request.accessToken] : [])))];
  expect(zohoAccessTokens.length).toBeGreaterThan(0);

  await expectNowhere(
    {
      'the Zoho client secret': ZOHO_CLIENT_SECRET,
      'the Zoho refresh token': refreshToken!,
      ...Object.fromEntries(zohoAccessTokens.map((token, n) => [`Zoho access token ${n + 1}`, token])),
      'the Cloudflare Access token': cfToken,
    },
    { session, client, replies },
  );
});
