import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, ok } from '../../../shared/result';
import { saveDigest } from '../../../test/support/digest/saved-digest';
import { inProcessApi } from '../../../test/support/in-process-api';
import { createSignedInTestCore, TEST_MEMBER } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import type { DesktopPorts } from './desktop-capability';
import type { PassGlance } from './tray-view';

const ITEM = { messageId: '1', folderId: '9', from: 'Luis', subject: 'Quote', why: 'Needs a date.', webUrl: 'https://mail.zoho.eu/x' };

let running: TestCore | null = null;
afterEach(() => {
  running?.dispose();
  running = null;
});

/** The tray's side: what it was last told of each thing it shows. */
function fakeDesktop(loginItemAt: boolean | null = false) {
  const shown: { captionsRunning?: boolean; pass?: PassGlance | null } = {};
  let openAtLogin = loginItemAt ?? false;
  const ports: DesktopPorts = {
    tray: (change) => Object.assign(shown, change),
    showWindow: vi.fn(),
    ...(loginItemAt === null
      ? {}
      : {
          loginItem: {
            openAtLogin: () => openAtLogin,
            setOpenAtLogin: vi.fn((open: boolean) => {
              openAtLogin = open;
              return ok(open);
            }),
          },
        }),
  };
  return { shown, ports };
}

function start(desktop: DesktopPorts, notify = vi.fn()) {
  running = createTestCore({ desktop, auth: { login: { open: vi.fn() } as never, notify } });
  return { ...running, api: inProcessApi(running.core), notify };
}

describe('D4 the tray follows the app', () => {
  it('shows live captions running from the moment the page says so, until it says they stopped', async () => {
    const { shown, ports } = fakeDesktop();
    const { api } = start(ports);
    expect((await api.translate.captions({ running: true })).ok).toBe(true);
    expect(shown.captionsRunning).toBe(true);
    await api.translate.captions({ running: false });
    expect(shown.captionsRunning).toBe(false);
  });

  it("shows the signed-in member's latest pass, its open items, and nothing once they sign out", async () => {
    const { shown, ports } = fakeDesktop();
    const test = await createSignedInTestCore({ desktop: ports });
    running = test;
    saveDigest(test.db, TEST_MEMBER.email, { resumen: 'Luis needs a date.', items: [ITEM, { ...ITEM, messageId: '2' }] });
    saveDigest(test.db, 'someone.else@example.com', { resumen: 'Not yours.', items: [ITEM, ITEM], created_at: '2026-08-13T06:00:00.000Z' });
    // A pass stored, or an item dismissed: the tray reads the pass again.
    await inProcessApi(test.core).digest.dismiss({ messageId: '2' });
    expect(shown.pass).toEqual({ summary: 'Luis needs a date.', needsYou: 1 });

    await inProcessApi(test.core).auth.logout({});
    expect(shown.pass).toBeNull();
  });

  it('asks the window for push-to-talk and live captions: the page holds the microphone', () => {
    const { ports } = fakeDesktop();
    const { core, broadcasts } = start(ports);
    core.command('liveCaptions');
    core.command('pushToTalk');
    expect(broadcasts.filter(({ event }) => event === 'desktop:command').map(({ payload }) => payload)).toEqual([
      { command: 'liveCaptions' },
      { command: 'pushToTalk' },
    ]);
  });

  it('brings the window forward when the page asks', async () => {
    const { ports } = fakeDesktop();
    const { api } = start(ports);
    await api.desktop.showWindow({});
    expect(ports.showWindow).toHaveBeenCalledOnce();
  });
});

describe('D4 start at login', () => {
  it("says what the system will do, sets it, and the first run's question is then answered", async () => {
    const { ports } = fakeDesktop(false);
    const { api } = start(ports);
    expect(await api.desktop.loginItem({})).toEqual(ok({ supported: true, openAtLogin: false }));
    const before = await api.settings.get({});
    expect(before.ok && before.value.desktop.startAtLoginAsked).toBe(false);

    expect(await api.desktop.setLoginItem({ openAtLogin: true })).toEqual(ok({ supported: true, openAtLogin: true }));
    expect(await api.desktop.loginItem({})).toEqual(ok({ supported: true, openAtLogin: true }));
    const settings = await api.settings.get({});
    expect(settings.ok && settings.value.desktop.startAtLoginAsked).toBe(true);
  });

  it('says when the system refused, and the question stays unanswered', async () => {
    const { ports } = fakeDesktop(false);
    vi.mocked(ports.loginItem!.setOpenAtLogin).mockReturnValue(err('INTERNAL', 'The autostart folder cannot be written.'));
    const { api } = start(ports);
    const refused = await api.desktop.setLoginItem({ openAtLogin: true });
    expect(refused.ok || refused.error.message).toBe('The autostart folder cannot be written.');
    const settings = await api.settings.get({});
    expect(settings.ok && settings.value.desktop.startAtLoginAsked).toBe(false);
  });

  it('is unsupported where there is no desktop, and setting it changes nothing', async () => {
    const { ports } = fakeDesktop(null);
    const { api } = start(ports);
    expect(await api.desktop.setLoginItem({ openAtLogin: true })).toEqual(ok({ supported: false, openAtLogin: false }));
  });
});

describe('D4 closing the window keeps the app in the tray', () => {
  it('says so the first time only', () => {
    const { ports } = fakeDesktop();
    const { core, notify } = start(ports);
    core.closedToTray();
    core.closedToTray();
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith({
      title: 'Staff Desk',
      body: 'Staff Desk is still running in the notification area. Click its icon to open it; Quit is in its menu.',
    });
  });
});
