import type { IpcMainInvokeEvent } from 'electron';
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cancel, stream, unary } from '../../../shared/ipc/define';
import { ok } from '../../../shared/result';
import { allowOrigins } from '../app/app-origin';
import { createMemoryLogger } from '../log/logger';
import { createRegistry, type Handlers } from './registry';
import { asMainWindowOnly } from '../../../test/support/fake-sender';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/** ipcMain as far as the transport uses it; like Electron's, it refuses a second handler for a channel. */
const electron = vi.hoisted(() => {
  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handle(channel: string, listener: Listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  };
  return { ipcMain, handlers };
});
vi.mock('electron', () => ({ ipcMain: electron.ipcMain }));

const { registerElectronTransport, senderFromEvent } = await import('./electron-transport');

const APP_URL = 'app://staff-desk/index.html';

const testContract = {
  'echo:say': unary({ input: z.strictObject({ text: z.string() }), output: z.object({ said: z.string() }) }),
  'echo:boom': unary({ input: z.strictObject({}), output: z.object({}) }),
  'work:run': stream({
    input: z.strictObject({}),
    events: { 'work:chunk': z.object({ n: z.number() }) },
    done: z.object({ finished: z.boolean() }),
    terminal: { done: 'work:done', error: 'work:error' },
  }),
  'work:cancel': cancel('work:run'),
};

let nextId = 1;

/** A window: its webContents, main frame and one subframe, recording what main sends it. */
function fakeWindow(url = APP_URL) {
  const mainFrame = { url };
  const subFrame = { url };
  const sent: Array<{ event: string; payload: unknown }> = [];
  let destroyed = false;
  const contents = Object.assign(new EventEmitter(), {
    id: nextId++,
    mainFrame,
    isDestroyed: () => destroyed,
    send: (event: string, payload: unknown) => sent.push({ event, payload }),
    destroy() {
      destroyed = true;
      contents.emit('destroyed');
    },
  });
  const event = (frame: { url: string } | null = mainFrame) =>
    ({ sender: contents, senderFrame: frame }) as unknown as IpcMainInvokeEvent;
  return { contents, mainFrame, subFrame, sent, event, destroy: () => contents.destroy() };
}

function setup() {
  const signals: AbortSignal[] = [];
  const handlers: Handlers<typeof testContract> = {
    'echo:say': ({ text }) => ok({ said: text }),
    'echo:boom': () => {
      throw new Error('disk on fire at /home/me/secret');
    },
    'work:run': async (_input, ctx) => {
      signals.push(ctx.signal);
      ctx.emit('work:chunk', { n: 1 });
      // Works until its window goes away.
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      return ok({ finished: false });
    },
  };
  const registry = createRegistry({
    contract: testContract,
    handlers,
    isTrustedSender: allowOrigins(['app://staff-desk']),
    ...asMainWindowOnly(testContract),
    currentMember: () => null,
    log: createMemoryLogger(),
  });
  const dispose = registerElectronTransport(registry);
  const invoke = (channel: string, event: IpcMainInvokeEvent, input: unknown) => {
    const handler = electron.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(handler(event, input));
  };
  return { handlers: electron.handlers, dispose, invoke, signals };
}

beforeEach(() => electron.handlers.clear());

describe('Electron IPC transport', () => {
  it('registers exactly one handler per contract channel', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(Object.keys(testContract).sort());
  });

  it('returns the handler Result to the app window', async () => {
    const { invoke } = setup();
    const window = fakeWindow();
    expect(await invoke('echo:say', window.event(), { text: 'hola' })).toEqual({ ok: true, value: { said: 'hola' } });
  });

  it('refuses calls from a subframe, a foreign page or a frame that is gone', async () => {
    const { invoke } = setup();
    const app = fakeWindow();
    const foreign = fakeWindow('https://evil.example/');
    for (const event of [app.event(app.subFrame), foreign.event(), app.event(null)]) {
      expect(await invoke('echo:say', event, { text: 'hola' })).toMatchObject({
        ok: false,
        error: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  // Electron's IPC carries whatever structured clone does: each shape of a large input gets the same refusal.
  it.each([1.5, 3, 5])('refuses a %s MB input as TOO_LARGE, whatever shape carries the bytes', async (megabytes) => {
    const { invoke } = setup();
    const window = fakeWindow();
    const bytes = megabytes * 1_000_000;
    const big = 'x'.repeat(bytes);
    const inputs = {
      string: { text: big },
      'array buffer': { text: 'hola', clip: new ArrayBuffer(bytes) },
      'typed array': { text: 'hola', clip: new Uint8Array(bytes) },
      map: { text: 'hola', notes: new Map([['note', big]]) },
      set: { text: 'hola', notes: new Set([big]) },
      'array of numbers': { text: 'hola', samples: new Array(bytes / 8).fill(0) },
    };
    for (const [shape, input] of Object.entries(inputs)) {
      expect(await invoke('echo:say', window.event(), input), shape).toEqual({
        ok: false,
        error: { code: 'TOO_LARGE', message: 'The request is too large.' },
      });
    }
    expect(await invoke('echo:say', window.event(), { text: 'still here' })).toEqual({ ok: true, value: { said: 'still here' } });
  });

  it('turns a handler that throws into an INTERNAL Result that says nothing of the cause', async () => {
    const { invoke } = setup();
    const result = await invoke('echo:boom', fakeWindow().event(), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('/home/me/secret');
  });

  it('delivers stream events to the window that started the stream', async () => {
    const { invoke } = setup();
    const window = fakeWindow();
    const started = (await invoke('work:run', window.event(), {})) as { ok: true; value: { requestId: string } };
    expect(started.ok).toBe(true);
    await expect.poll(() => window.sent).toContainEqual({
      event: 'work:chunk',
      payload: { requestId: started.value.requestId, data: { n: 1 } },
    });
  });

  it('aborts what a window was running when the window is destroyed, and sends it nothing more', async () => {
    const { invoke, signals } = setup();
    const window = fakeWindow();
    await invoke('work:run', window.event(), {});
    await expect.poll(() => signals.length).toBe(1);
    window.destroy();
    expect(signals[0]!.aborted).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(window.sent.map((entry) => entry.event)).toEqual(['work:chunk']);
    // Nothing keeps a destroyed window alive.
    expect(window.contents.listenerCount('did-start-navigation')).toBe(0);
  });

  it('aborts running work when the window reloads, but not on an in-page navigation', async () => {
    const { invoke, signals } = setup();
    const window = fakeWindow();
    await invoke('work:run', window.event(), {});
    await expect.poll(() => signals.length).toBe(1);
    window.contents.emit('did-start-navigation', { url: `${APP_URL}#/settings`, isMainFrame: true, isSameDocument: true });
    window.contents.emit('did-start-navigation', { url: 'about:blank', isMainFrame: false, isSameDocument: false });
    expect(signals[0]!.aborted).toBe(false);
    window.contents.emit('did-start-navigation', { url: APP_URL, isMainFrame: true, isSameDocument: false });
    expect(signals[0]!.aborted).toBe(true);
  });

  it('leaves other windows running when one goes away', async () => {
    const { invoke, signals } = setup();
    const first = fakeWindow();
    const second = fakeWindow();
    await invoke('work:run', first.event(), {});
    await invoke('work:run', second.event(), {});
    await expect.poll(() => signals.length).toBe(2);
    first.destroy();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('does not send to a window that has been destroyed', () => {
    const window = fakeWindow();
    const sender = senderFromEvent(window.event());
    window.destroy();
    sender.send('work:chunk', {});
    expect(window.sent).toEqual([]);
  });

  it('dispose removes every handler and stops watching windows', async () => {
    const { invoke, dispose, handlers } = setup();
    const window = fakeWindow();
    await invoke('echo:say', window.event(), { text: 'hola' });
    expect(window.contents.listenerCount('destroyed')).toBe(1);
    dispose();
    expect(handlers.size).toBe(0);
    expect(window.contents.listenerCount('destroyed')).toBe(0);
    expect(window.contents.listenerCount('did-start-navigation')).toBe(0);
  });
});
