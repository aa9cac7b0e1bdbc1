import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHORTCUTS, type ShortcutName } from '../../../shared/shortcuts';
import { fakeSender } from '../../../test/support/fake-sender';
import type { AppWindow } from '../../../shared/ipc/define';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore, type TestCoreOverrides } from '../../../test/support/test-core';
import type { QuickAskPort } from './quick-ask-capability';
import type { ShortcutPort } from './shortcut-port';

/*
 * The desktop's global shortcuts and the quick-ask window's channel on the real core: each shortcut registered on
 * its own from Settings, what a press does, a taken one reported, two with the same keys refused.
 */

let running: TestCore | null = null;
afterEach(() => {
  running?.dispose();
  running = null;
});

function start(overrides: TestCoreOverrides = {}) {
  const test = (running = createTestCore(overrides));
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}, sender = window.sender) => test.core.registry.call(channel, input, sender);
  return { call, test };
}

/** Changing the shortcuts is a signed-in member's (SEC-5). */
async function startSignedIn(overrides: TestCoreOverrides = {}) {
  const test = (running = await createSignedInTestCore(overrides));
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => test.core.registry.call(channel, input, window.sender);
  return { call, test };
}

/** The desktop's shortcuts as a test holds them: some accelerators are another app's. */
function fakeShortcuts(taken: readonly string[] = []) {
  const held = new Map<string, () => void>();
  const names = new Map<ShortcutName, string>();
  const port: ShortcutPort = {
    register(name, accelerator, onPress) {
      if (taken.includes(accelerator)) return 'taken';
      held.set(accelerator, onPress);
      names.set(name, accelerator);
      return 'registered';
    },
    unregisterAll: () => {
      held.clear();
      names.clear();
    },
  };
  return { port, held, press: (name: ShortcutName) => held.get(names.get(name)!)!() };
}

function fakeQuickAsk() {
  const port = { toggle: vi.fn(), hide: vi.fn() } satisfies QuickAskPort;
  return port;
}

/** What the shortcuts made the core tell the windows (the knowledge base's own news left aside). */
const desktopNews = (test: TestCore) => test.broadcasts.filter(({ event }) => event === 'desktop:command' || event === 'desktop:shortcutsChanged');

const registered = (name: ShortcutName) => ({ accelerator: DEFAULT_SHORTCUTS[name], state: 'registered' });

describe('the global shortcuts', () => {
  it('are registered at start from Settings, each on its own; a press opens quick ask or tells the window what to do', async () => {
    const shortcuts = fakeShortcuts();
    const quickAsk = fakeQuickAsk();
    const { call, test } = start({ desktop: { shortcuts: shortcuts.port, quickAsk } });
    expect(await call('desktop:shortcuts')).toEqual({
      ok: true,
      value: { quickAsk: registered('quickAsk'), pushToTalk: registered('pushToTalk'), liveCaptions: registered('liveCaptions') },
    });

    shortcuts.press('quickAsk');
    expect(quickAsk.toggle).toHaveBeenCalledOnce();
    shortcuts.press('pushToTalk');
    shortcuts.press('liveCaptions');
    expect(desktopNews(test)).toEqual([
      { event: 'desktop:command', payload: { command: 'pushToTalk' } },
      { event: 'desktop:command', payload: { command: 'liveCaptions' } },
    ]);
  });

  it('report the one another app holds as taken, and the others still work', async () => {
    const shortcuts = fakeShortcuts([DEFAULT_SHORTCUTS.quickAsk]);
    const { call, test } = start({ desktop: { shortcuts: shortcuts.port, quickAsk: fakeQuickAsk() } });
    expect(await call('desktop:shortcuts')).toEqual({
      ok: true,
      value: {
        quickAsk: { accelerator: DEFAULT_SHORTCUTS.quickAsk, state: 'taken' },
        pushToTalk: registered('pushToTalk'),
        liveCaptions: registered('liveCaptions'),
      },
    });
    expect(test.log.lines.some((line) => line.includes('global shortcut taken by another app'))).toBe(true);
    shortcuts.press('pushToTalk');
    expect(desktopNews(test)).toEqual([{ event: 'desktop:command', payload: { command: 'pushToTalk' } }]);
  });

  it('are registered again when Settings change them, and the windows hear which work', async () => {
    const shortcuts = fakeShortcuts(['Alt+Space']);
    const { call, test } = await startSignedIn({ desktop: { shortcuts: shortcuts.port } });
    const changes = () => desktopNews(test).filter(({ event }) => event === 'desktop:shortcutsChanged').map(({ payload }) => payload);

    await call('settings:update', { shortcuts: { quickAsk: 'Alt+Space', liveCaptions: null } });
    expect(changes()).toEqual([
      { quickAsk: { accelerator: 'Alt+Space', state: 'taken' }, pushToTalk: registered('pushToTalk'), liveCaptions: { accelerator: null, state: 'off' } },
    ]);
    expect([...shortcuts.held.keys()]).toEqual([DEFAULT_SHORTCUTS.pushToTalk]);

    await call('settings:update', { shortcuts: { pushToTalk: 'Control+Alt+K' } });
    expect([...shortcuts.held.keys()]).toEqual(['Control+Alt+K']);

    // Settings that leave the shortcuts alone do not touch them.
    await call('settings:update', { voice: { voiceName: 'Puck' } });
    expect(changes()).toHaveLength(2);
  });

  it('refuse two shortcuts with the same keys, in one change or against one kept, and keep what was stored', async () => {
    const { call, test } = await startSignedIn({ desktop: { shortcuts: fakeShortcuts().port } });
    expect(await call('settings:update', { shortcuts: { quickAsk: 'Control+Alt+K', liveCaptions: 'Control+Alt+K' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    // The same keys spelled another way (modifiers in another order) are the same keys.
    expect(await call('settings:update', { shortcuts: { quickAsk: 'Shift+CommandOrControl+Space' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', reason: 'shortcut_clash' },
    });
    expect(await call('settings:get')).toMatchObject({ ok: true, value: { shortcuts: DEFAULT_SHORTCUTS } });
    expect(desktopNews(test)).toEqual([]);
  });

  it('are let go when the app closes', () => {
    const shortcuts = fakeShortcuts();
    const { test } = start({ desktop: { shortcuts: shortcuts.port } });
    expect(shortcuts.held.size).toBe(3);
    test.dispose();
    running = null;
    expect(shortcuts.held.size).toBe(0);
  });

  it('are unavailable without a desktop (the browser harness)', async () => {
    const { call } = start();
    const unavailable = (name: ShortcutName) => ({ accelerator: DEFAULT_SHORTCUTS[name], state: 'unavailable' });
    expect(await call('desktop:shortcuts')).toEqual({
      ok: true,
      value: { quickAsk: unavailable('quickAsk'), pushToTalk: unavailable('pushToTalk'), liveCaptions: unavailable('liveCaptions') },
    });
  });
});

describe('desktop:hideQuickAsk', () => {
  /** The app tells its windows apart by their pages; here, the quick-ask page is the sender with this id. */
  const windowOf = (sender: { id: string }): AppWindow => (sender.id === 'quick-ask-1' ? 'quickAsk' : 'main');

  it('hides the quick-ask window when its own page asks, and opens the app in its place when asked to', async () => {
    const quickAsk = fakeQuickAsk();
    const { call } = start({ desktop: { quickAsk }, windowOf });
    const page = fakeSender({ id: 'quick-ask-1', url: 'app://staff-desk/quick-ask.html' }).sender;
    expect(await call('desktop:hideQuickAsk', {}, page)).toEqual({ ok: true, value: {} });
    expect(await call('desktop:hideQuickAsk', { open: 'settings' }, page)).toEqual({ ok: true, value: {} });
    expect(quickAsk.hide.mock.calls).toEqual([[undefined], ['settings']]);
  });

  it("is refused to the app's main window", async () => {
    const quickAsk = fakeQuickAsk();
    const { call } = start({ desktop: { quickAsk }, windowOf });
    expect(await call('desktop:hideQuickAsk')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(quickAsk.hide).not.toHaveBeenCalled();
  });
});
