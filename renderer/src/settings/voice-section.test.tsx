import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { err } from '../../../shared/result';
import { DEFAULT_VOICE_SETTINGS, PREBUILT_VOICES, type VoiceSettings } from '../../../shared/voice';
import { fakeAudioPlayback, plugMicrophones, unplugMicrophones } from '../testing/fake-audio';
import { createFakeMain, FAKE_SPEECH_WAV, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { VoiceSection } from './voice-section';

const SAMPLE = 'Hello! This is how your answers will sound.';

function setup(voice: Partial<VoiceSettings> = {}, options: FakeMainOptions = {}) {
  const main = createFakeMain({ settings: { voice: { ...DEFAULT_VOICE_SETTINGS, ...voice } }, ...options });
  const user = userEvent.setup();
  const view = renderWithApp(<VoiceSection />, { api: main.api });
  return { ...main, user, view };
}

const callsTo = (invoke: ReturnType<typeof createFakeMain>['invoke'], name: string) =>
  invoke.mock.calls.filter(([channel]) => channel === name).map(([, input]) => input);
const updates = (invoke: ReturnType<typeof createFakeMain>['invoke']) => callsTo(invoke, 'settings:update');
const spokenBox = () => screen.getByRole('checkbox', { name: 'Answer voice questions aloud' });
const voiceSelect = () => screen.getByRole('combobox', { name: 'Speaking voice' });
const microphoneSelect = () => screen.getByRole('combobox', { name: 'Microphone' });
const button = (name: string) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status');

describe('Voice settings', () => {
  afterEach(unplugMicrophones);

  it('shows the stored choices', async () => {
    setup({ voiceName: 'Puck' });
    expect(await screen.findByRole('checkbox', { name: 'Answer voice questions aloud' })).toBeChecked();
    expect(voiceSelect()).toHaveValue('Puck');
    expect(within(voiceSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([...PREBUILT_VOICES]);
    expect(microphoneSelect()).toHaveDisplayValue('System default');
  });

  it('V2: turns spoken answers off, and says so', async () => {
    const { user, invoke } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Answer voice questions aloud' }));
    expect(updates(invoke)).toEqual([{ voice: { spokenAnswers: false } }]);
    expect(await screen.findByText('Saved: voice questions are answered as text only.')).toBeVisible();
    expect(spokenBox()).not.toBeChecked();
  });

  it('puts the stored choice back and says why when main cannot store it', async () => {
    const { user } = setup({}, { handlers: { 'settings:update': () => err('INTERNAL', 'Your settings could not be saved.', { hint: 'Check that the disk is not full.' }) } });
    await user.click(await screen.findByRole('checkbox', { name: 'Answer voice questions aloud' }));
    expect(await screen.findByText('Check that the disk is not full.')).toBeVisible();
    expect(spokenBox()).toBeChecked();
  });

  it('saves the voice chosen, and it stays chosen when Settings opens again', async () => {
    const { user, invoke, view, api } = setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Speaking voice' }), 'Charon');
    expect(updates(invoke)).toEqual([{ voice: { voiceName: 'Charon' } }]);
    expect(await screen.findByText('Saved: answers are read in the voice Charon.')).toBeVisible();

    view.unmount();
    renderWithApp(<VoiceSection />, { api });
    expect(await screen.findByRole('combobox', { name: 'Speaking voice' })).toHaveValue('Charon');
  });

  describe('Play sample', () => {
    let played: HTMLMediaElement[];
    beforeEach(() => {
      played = fakeAudioPlayback('blob:sample');
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('V4: speaks the sample sentence through voice:tts and plays the WAV, then lets it go', async () => {
      const { user, invoke } = setup();
      await user.click(await screen.findByRole('button', { name: 'Play sample' }));

      expect(callsTo(invoke, 'voice:tts')).toEqual([{ text: SAMPLE, requestId: expect.any(String) }]);
      expect(played.map((audio) => audio.src)).toEqual(['blob:sample']);
      const wav = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
      expect(wav.type).toBe('audio/wav');
      expect(wav.size).toBe(atob(FAKE_SPEECH_WAV).length);
      expect(button('Stop sample')).toHaveFocus();

      act(() => played[0]?.dispatchEvent(new Event('ended')));
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:sample');
      expect(button('Play sample')).toBeVisible();
    });

    it('stops the sample on request', async () => {
      const { user } = setup();
      await user.click(await screen.findByRole('button', { name: 'Play sample' }));
      await user.click(button('Stop sample'));
      expect(played[0]?.pause).toHaveBeenCalled();
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:sample');
      expect(button('Play sample')).toHaveFocus();
    });

    it('says why the sample could not be spoken', async () => {
      const { user } = setup(
        {},
        { handlers: { 'voice:tts': () => err('NOT_CONFIGURED', 'No Gemini API key is saved.', { reason: 'missing_key' }) } },
      );
      await user.click(await screen.findByRole('button', { name: 'Play sample' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No Gemini API key is saved on this computer. Add your key in Settings.');
      expect(button('Play sample')).toHaveAccessibleDescription(alert.textContent ?? '');
      expect(played).toEqual([]);
    });
  });

  it('lists the microphones after System default, numbered until their names may be read, and saves the one chosen', async () => {
    plugMicrophones([
      { deviceId: 'default', label: '' },
      { deviceId: 'usb-1', label: '' },
      { deviceId: 'built-in', label: '' },
    ]);
    const { user, invoke } = setup();
    const select = await screen.findByRole('combobox', { name: 'Microphone' });
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['System default', 'Microphone 1', 'Microphone 2']);
    expect(select).toHaveAccessibleDescription(/once Staff Desk has been allowed to use the microphone/);

    await user.selectOptions(select, 'Microphone 2');
    expect(updates(invoke)).toEqual([{ voice: { microphoneId: 'built-in' } }]);
    expect(await screen.findByText('Saved: voice questions record from Microphone 2.')).toBeVisible();
  });

  it('names the microphones once it may, and goes back to the system default', async () => {
    plugMicrophones([{ deviceId: 'usb-1', label: 'Desk USB microphone' }]);
    const { user, invoke } = setup({ microphoneId: 'usb-1' });
    expect(await screen.findByRole('option', { name: 'Desk USB microphone' })).toBeInTheDocument();
    expect(microphoneSelect()).toHaveDisplayValue('Desk USB microphone');
    expect(microphoneSelect()).toHaveAccessibleDescription('The microphone voice questions record from.');

    await user.selectOptions(microphoneSelect(), 'System default');
    expect(updates(invoke)).toEqual([{ voice: { microphoneId: null } }]);
  });

  it('says why the voice settings could not be read', async () => {
    setup({}, { handlers: { 'settings:get': () => err('INTERNAL', 'Settings unreadable.') } });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(status()).toHaveTextContent(/Something went wrong/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
