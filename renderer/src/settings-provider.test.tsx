import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../shared/result';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings } from '../../shared/settings';
import { ApiContext } from './api';
import { SettingsProvider, useSettings } from './settings-provider';
import { createFakeMain, type FakeMainOptions } from './testing/fake-main';

function Microphone() {
  const settings = useSettings();
  return <output aria-label="Microphone">{settings === null ? 'not known' : (settings.voice.microphoneId ?? 'system default')}</output>;
}

function setup(options: FakeMainOptions = {}) {
  const main = createFakeMain(options);
  render(
    <ApiContext value={main.api}>
      <SettingsProvider>
        <Microphone />
      </SettingsProvider>
    </ApiContext>,
  );
  return main;
}

const microphone = () => screen.getByRole('status', { name: 'Microphone' });
const reads = (main: ReturnType<typeof createFakeMain>) => main.invoke.mock.calls.filter(([channel]) => channel === 'settings:get').length;
const withMicrophone = (microphoneId: string): Settings => applySettingsPatch(DEFAULT_SETTINGS, { voice: { microphoneId } });

describe('the settings held in memory', () => {
  it('are read once, then follow what another window stores', async () => {
    const main = setup({ settings: withMicrophone('usb-headset') });
    await expect.poll(() => microphone().textContent).toBe('usb-headset');

    // Settings → Voice in another window chose a microphone: main tells every window what it stored.
    act(() => main.emit('settings:changed', withMicrophone('desk-mic')));
    expect(microphone()).toHaveTextContent('desk-mic');
    expect(reads(main)).toBe(1);
  });

  it("follow this window's own writes through main's word, without reading them again", async () => {
    const main = setup();
    await expect.poll(() => microphone().textContent).toBe('system default');

    await act(() => main.api.settings.update({ voice: { microphoneId: 'desk-mic' } }));
    expect(microphone()).toHaveTextContent('desk-mic');
    expect(reads(main)).toBe(1);
  });

  it('are not known while main cannot read them, until it announces a write', async () => {
    const main = setup({ handlers: { 'settings:get': () => err('INTERNAL', 'Settings unreadable.') } });
    await act(() => main.invoke.mock.results[0]?.value);
    expect(reads(main)).toBe(1);
    expect(microphone()).toHaveTextContent('not known');

    act(() => main.emit('settings:changed', withMicrophone('desk-mic')));
    expect(microphone()).toHaveTextContent('desk-mic');
  });

  it('keep a write announced while the first read was on its way, over what that older read says', async () => {
    let answer: (result: Result<Settings>) => void = () => undefined;
    const main = setup({ handlers: { 'settings:get': () => new Promise((resolve) => (answer = resolve)) } });
    await expect.poll(() => reads(main)).toBe(1);

    act(() => main.emit('settings:changed', withMicrophone('desk-mic')));
    await act(async () => answer(ok(DEFAULT_SETTINGS)));
    expect(microphone()).toHaveTextContent('desk-mic');
  });
});
