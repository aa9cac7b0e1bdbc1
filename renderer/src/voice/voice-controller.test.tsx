import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantDone } from '../../../shared/assistant';
import { VOICE } from '../../../shared/limits';
import { err } from '../../../shared/result';
import { applySettingsPatch, DEFAULT_SETTINGS } from '../../../shared/settings';
import type { VoiceSettings } from '../../../shared/voice';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { VoicePane } from './voice-pane';

/** A MediaRecorder that hands over a few bytes of Opus once stopped, asynchronously, as a browser's does. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(_stream: MediaStream, options: MediaRecorderOptions = {}) {
    this.mimeType = options.mimeType ?? '';
  }

  start(): void {
    this.state = 'recording';
  }

  stop(): void {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array(64).fill(7)]) });
      this.onstop?.();
    });
  }
}

/** An audio context that never runs: no level to judge silence by, so any clip long enough is sent as it is. */
class IdleAudioContext {
  state: AudioContextState = 'suspended';
  createAnalyser() {
    return { fftSize: 2048, getFloatTimeDomainData: () => undefined };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  resume(): Promise<void> {
    return Promise.resolve();
  }
  decodeAudioData(): Promise<never> {
    return Promise.reject(new DOMException('Not audio.', 'EncodingError'));
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** A computer whose microphones record; returns the constraints each recording opened the microphone with. */
function plugRecordingMicrophone(): MediaStreamConstraints[] {
  const opened: MediaStreamConstraints[] = [];
  const getUserMedia = async (constraints: MediaStreamConstraints) => {
    opened.push(constraints);
    return { getTracks: () => [{ stop: () => undefined }] } as unknown as MediaStream;
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', IdleAudioContext);
  return opened;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
});

function done(answer: string): AssistantDone {
  const model = DEFAULT_SETTINGS.models.assistant;
  return { answer, steps: [], sources: [], degraded: false, incomplete: false, model, duration_ms: 900, transcript: 'What time is it?' };
}

/** Main streams the answer to the voice question on its way, then ends it. */
async function answer(streams: ReturnType<typeof createFakeMain>['streams'], text: string) {
  await expect.poll(() => streams('assistant:chat').length).toBe(1);
  const [call] = streams('assistant:chat');
  act(() => call!.progress('assistant:chunk', { text }));
  act(() => call!.finish(done(text)));
}

async function setup(voice: Partial<VoiceSettings>, handlers: FakeHandlers = {}) {
  const opened = plugRecordingMicrophone();
  const main = createFakeMain({ configured: ['gemini.apiKey'], settings: { voice: { ...DEFAULT_SETTINGS.voice, ...voice } }, handlers });
  const user = userEvent.setup();
  renderWithApp(<VoicePane openPane={vi.fn()} />, { api: main.api });
  const talk = await screen.findByRole('button', { name: 'Hold to talk' });
  // What the page asked as it started (the settings among it) has been answered: from here on, only questions.
  await act(() => Promise.all(main.invoke.mock.results.map((result) => result.value)));
  main.invoke.mockClear();
  return { ...main, user, talk, opened };
}

/** Enter on the talk button starts a question, and Enter again sends it once it is long enough to be one. */
async function askByVoice({ user, talk }: { user: ReturnType<typeof userEvent.setup>; talk: HTMLElement }) {
  talk.focus();
  await user.keyboard('{Enter}');
  await act(() => new Promise((resolve) => setTimeout(resolve, VOICE.recordingMinMs + 100)));
  await user.keyboard('{Enter}');
}

const asked = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) => invoke.mock.calls.filter(([called]) => called === channel);
const deviceIds = (opened: readonly MediaStreamConstraints[]) => opened.map((constraints) => (constraints.audio as MediaTrackConstraints).deviceId);

describe('a voice question and the settings', () => {
  it('records with the chosen microphone and keeps the answer silent as chosen, without asking main for the settings', async () => {
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false });
    await askByVoice(setUp);
    await answer(setUp.streams, 'It is noon.');
    await screen.findByText('It is noon.');

    expect(deviceIds(setUp.opened)).toEqual([{ exact: 'usb-headset' }]);
    expect(asked(setUp.invoke, 'voice:tts')).toEqual([]);
    expect(asked(setUp.invoke, 'settings:get')).toEqual([]);
  });

  it('records with the microphone another window chose since, as main announced it', async () => {
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false });
    const chosenElsewhere = applySettingsPatch(DEFAULT_SETTINGS, { voice: { microphoneId: 'desk-mic', spokenAnswers: false } });
    act(() => setUp.emit('settings:changed', chosenElsewhere));
    await askByVoice(setUp);
    await expect.poll(() => setUp.streams('assistant:chat').length).toBe(1);

    expect(deviceIds(setUp.opened)).toEqual([{ exact: 'desk-mic' }]);
    expect(asked(setUp.invoke, 'settings:get')).toEqual([]);
  });

  it('records with the system default microphone and speaks the answer when the settings cannot be read', async () => {
    const unreadable = { 'settings:get': () => err('INTERNAL', 'Settings unreadable.') };
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false }, unreadable);
    await askByVoice(setUp);
    await answer(setUp.streams, 'It is noon.');

    expect(deviceIds(setUp.opened)).toEqual([undefined]);
    await expect.poll(() => asked(setUp.invoke, 'voice:tts').map(([, input]) => (input as { text: string }).text)).toEqual(['It is noon.']);
  });
});
