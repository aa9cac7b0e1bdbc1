import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptureKit } from '../../audio/capture-context';
import type { StartSpeechCaptureResult } from '../../audio/speech-capture';
import { createFakeMain, type FakeMainOptions } from '../../testing/fake-main';
import { renderWithApp } from '../../testing/render-with-app';

/** A capture that opens at once, or is refused. */
function fakeKit(refusal?: 'not_found') {
  const capture = { detector: Promise.resolve(true), pause: vi.fn(), resume: vi.fn(), setCaps: vi.fn(), stop: vi.fn(async () => {}) };
  const kit: CaptureKit = {
    start: vi.fn(async (): Promise<StartSpeechCaptureResult> => (refusal ? { ok: false, problem: refusal } : { ok: true, value: capture })),
    cutter: vi.fn(() => ({ take: vi.fn(), flush: vi.fn() })),
    pauseCaps: { softMs: 5_000, hardMs: 7_000 },
    join: vi.fn(),
  };
  return kit;
}

function setup(options: FakeMainOptions & { refusal?: 'not_found' } = {}) {
  const main = createFakeMain(options);
  const kit = fakeKit(options.refusal);
  renderWithApp(<p>Another pane</p>, { api: main.api, capture: kit });
  const calls = (channel: string) => main.invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);
  const fromTray = () => act(() => main.emit('desktop:command', { command: 'liveCaptions' }));
  /** The session is known (signed in or not) and main has heard the captions' state once. */
  const ready = async () => {
    await vi.waitFor(() => expect(calls('auth:status')).toHaveLength(1));
    await act(async () => {});
    await vi.waitFor(() => expect(calls('translate:captions')).toEqual([{ running: false }]));
  };
  return { ...main, kit, calls, fromTray, ready };
}

afterEach(() => {
  window.location.hash = '';
});

describe('D4 live captions from the tray', () => {
  it('starts from the tray in another pane with the default microphone and language, and main hears they run', async () => {
    const { kit, calls, fromTray, ready } = setup();
    await ready();
    fromTray();
    await vi.waitFor(() => expect(calls('translate:captions').at(-1)).toEqual({ running: true }));
    expect(kit.start).toHaveBeenCalledWith(expect.objectContaining({ input: { kind: 'microphone', deviceId: null } }));
    expect(calls('desktop:showWindow')).toEqual([]);

    fromTray();
    await vi.waitFor(() => expect(calls('translate:captions').at(-1)).toEqual({ running: false }));
  });

  it('with no microphone, brings the window forward on the Translate pane, where the member sees why', async () => {
    const { kit, calls, fromTray, ready } = setup({ refusal: 'not_found' });
    await ready();
    fromTray();
    await vi.waitFor(() => expect(calls('desktop:showWindow')).toHaveLength(1));
    expect(kit.start).toHaveBeenCalledOnce();
    expect(window.location.hash).toBe('#/translate');
    expect(calls('translate:captions')).toEqual([{ running: false }]);
  });

  it('signed out, does not listen: the window comes forward on the Translate pane, which asks the member to sign in', async () => {
    const { kit, calls, fromTray, ready } = setup({ auth: { state: 'signed_out' } });
    await ready();
    fromTray();
    await vi.waitFor(() => expect(calls('desktop:showWindow')).toHaveLength(1));
    expect(window.location.hash).toBe('#/translate');
    expect(kit.start).not.toHaveBeenCalled();
  });

  it('leaves push-to-talk to the voice controller', async () => {
    const { kit, emit, ready } = setup();
    await ready();
    act(() => emit('desktop:command', { command: 'pushToTalk' }));
    expect(kit.start).not.toHaveBeenCalled();
  });
});
