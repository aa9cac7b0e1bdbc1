import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantLiveDone } from '../../../shared/live-voice';
import { LIVE, VOICE } from '../../../shared/limits';
import { err } from '../../../shared/result';
import { applySettingsPatch, DEFAULT_SETTINGS } from '../../../shared/settings';
import type { VoiceSettings } from '../../../shared/voice';
import { createFakeMain, type FakeHandlers } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { VoicePane } from './voice-pane';

/** 20 ms of loud 16 kHz PCM16: a frame of speech as the capture worklet hands it over. */
const LOUD_FRAME = new Int16Array(320).fill(12_000).buffer;

/** The capture worklet's port: half a second of speech as soon as the page listens, then its end when asked to flush. */
class FakeWorkletPort {
  private listener: ((event: { data: unknown }) => void) | null = null;
  get onmessage() {
    return this.listener;
  }
  set onmessage(listener: ((event: { data: unknown }) => void) | null) {
    const first = this.listener === null;
    this.listener = listener;
    if (!first || listener === null) return;
    setTimeout(() => {
      for (let frame = 0; frame < 25; frame++) this.listener?.({ data: { kind: 'frame', pcm: LOUD_FRAME.slice(0) } });
    }, 0);
  }
  postMessage(message: { kind: string }): void {
    if (message.kind === 'flush') queueMicrotask(() => this.listener?.({ data: { kind: 'flushed' } }));
  }
}

class FakeAudioWorkletNode {
  readonly port = new FakeWorkletPort();
}

/** A 16 kHz context whose worklet module loads at once. */
class FakeCaptureContext {
  state: AudioContextState = 'running';
  readonly audioWorklet = { addModule: () => Promise.resolve() };
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  resume(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** A computer whose microphones capture speech; returns the constraints each question opened the microphone with. */
function plugRecordingMicrophone(): MediaStreamConstraints[] {
  const opened: MediaStreamConstraints[] = [];
  const getUserMedia = async (constraints: MediaStreamConstraints) => {
    opened.push(constraints);
    return { getTracks: () => [{ stop: () => undefined }], getAudioTracks: () => [] } as unknown as MediaStream;
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('AudioContext', FakeCaptureContext);
  vi.stubGlobal('AudioWorkletNode', FakeAudioWorkletNode);
  return opened;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
});

function done(answer: string): AssistantLiveDone {
  const model = DEFAULT_SETTINGS.models.live;
  return { answer, steps: [], sources: [], degraded: false, incomplete: false, model, duration_ms: 900, transcript: 'What time is it?', path: 'live' };
}

/** Main streams the answer to the voice question on its way, then ends it. */
async function answer(streams: ReturnType<typeof createFakeMain>['streams'], text: string) {
  await expect.poll(() => streams('assistant:live').length).toBe(1);
  const [call] = streams('assistant:live');
  act(() => call!.progress('assistant:liveHeard', { text: 'What time is it?' }));
  act(() => call!.progress('assistant:liveChunk', { text }));
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

const conversation = () => screen.getByRole('log', { name: 'Conversation with the assistant' });
const asked = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) => invoke.mock.calls.filter(([called]) => called === channel);
const deviceIds = (opened: readonly MediaStreamConstraints[]) => opened.map((constraints) => (constraints.audio as MediaTrackConstraints).deviceId);

describe('a voice question and the settings', () => {
  it('records with the chosen microphone and keeps the answer silent as chosen, without asking main for the settings', async () => {
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false });
    await askByVoice(setUp);
    await answer(setUp.streams, 'It is noon.');
    await within(conversation()).findByText('It is noon.');
    await within(conversation()).findByText('What time is it?');

    expect(deviceIds(setUp.opened)).toEqual([{ exact: 'usb-headset' }]);
    expect(setUp.streams('assistant:live')[0]!.input).toMatchObject({ speak: false, lang: 'en' });
    expect(asked(setUp.invoke, 'voice:tts')).toEqual([]);
    expect(asked(setUp.invoke, 'settings:get')).toEqual([]);
  });

  it('LV1: the question is asked at the press, and its answer listens until the member lets go', async () => {
    const setUp = await setup({ spokenAnswers: false });
    setUp.talk.focus();
    await setUp.user.keyboard('{Enter}');
    await expect.poll(() => setUp.streams('assistant:live').length).toBe(1);
    await within(conversation()).findByText('Listening…');
    await act(() => new Promise((resolve) => setTimeout(resolve, VOICE.recordingMinMs + 100)));
    await setUp.user.keyboard('{Enter}');
    await within(conversation()).findByText('Working on it…');
    expect(within(conversation()).queryByText('Listening…')).toBeNull();
  });

  it('LV1: streams the question to main as it is captured, as bytes in order, then says it is complete', async () => {
    const setUp = await setup({ spokenAnswers: false });
    await askByVoice(setUp);
    await expect.poll(() => asked(setUp.invoke, 'assistant:liveRelease').length).toBe(1);

    const [call] = setUp.streams('assistant:live');
    const frames = asked(setUp.invoke, 'assistant:liveFrame').map(([, input]) => input as { requestId: string; seq: number; pcm: Uint8Array });
    expect(frames.map((frame) => frame.seq)).toEqual(Array.from({ length: 25 }, (_, seq) => seq));
    expect(new Set(frames.map((frame) => frame.requestId))).toEqual(new Set([call!.requestId]));
    expect(frames[0]!.pcm).toBeInstanceOf(Uint8Array);
    expect(frames[0]!.pcm.byteLength).toBe(640);
    // The release follows the last frame.
    const order = setUp.invoke.mock.calls.map(([channel]) => channel).filter((channel) => channel.startsWith('assistant:live'));
    expect(order.at(-1)).toBe('assistant:liveRelease');
  });

  it('records with the microphone another window chose since, as main announced it', async () => {
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false });
    const chosenElsewhere = applySettingsPatch(DEFAULT_SETTINGS, { voice: { microphoneId: 'desk-mic', spokenAnswers: false } });
    act(() => setUp.emit('settings:changed', chosenElsewhere));
    await askByVoice(setUp);
    await expect.poll(() => setUp.streams('assistant:live').length).toBe(1);

    expect(deviceIds(setUp.opened)).toEqual([{ exact: 'desk-mic' }]);
    expect(asked(setUp.invoke, 'settings:get')).toEqual([]);
  });

  it('records with the system default microphone and speaks the answer when the settings cannot be read', async () => {
    const unreadable = { 'settings:get': () => err('INTERNAL', 'Settings unreadable.') };
    const setUp = await setup({ microphoneId: 'usb-headset', spokenAnswers: false }, unreadable);
    await askByVoice(setUp);
    await answer(setUp.streams, 'It is noon.');

    expect(deviceIds(setUp.opened)).toEqual([undefined]);
    expect(setUp.streams('assistant:live')[0]!.input).toMatchObject({ speak: true });
  });
});

describe('UQ8: between the release and the first sound', () => {
  const status = (talk: HTMLElement) => within(talk.closest('.push-to-talk')! as HTMLElement).getByRole('status');
  const stopSpeaking = () => screen.queryByRole('button', { name: 'Stop speaking' });
  const SPEECH_FAILED = 'Speech stopped: the rest of the answer could not be read aloud. The text is above.';

  /** Main could not answer live: the one-call path answers, and its words are to be spoken sentence by sentence. */
  async function answerByOneCall(streams: ReturnType<typeof createFakeMain>['streams'], text: string) {
    await expect.poll(() => streams('assistant:live').length).toBe(1);
    const [call] = streams('assistant:live');
    act(() => call!.progress('assistant:livePath', { path: 'oneCall', reason: 'unavailable' }));
    act(() => call!.progress('assistant:liveChunk', { text }));
    return call!;
  }

  it('UQ8: the pane says it is thinking, and offers no Stop speaking while nothing is about to play', async () => {
    const setUp = await setup({ spokenAnswers: true });
    await askByVoice(setUp);
    await expect.poll(() => status(setUp.talk).textContent).toBe('Thinking…');
    expect(stopSpeaking()).toBeNull();
  });

  it('UQ8: then it says speech is being prepared, with Stop speaking; speech refused is said at once and the text stays', async () => {
    let refuse: (result: ReturnType<typeof err>) => void = () => {};
    const tts = () => new Promise<ReturnType<typeof err>>((resolve) => (refuse = resolve));
    const setUp = await setup({ spokenAnswers: true }, { 'voice:tts': tts });
    await askByVoice(setUp);
    await expect.poll(() => status(setUp.talk).textContent).toBe('Thinking…');
    await answerByOneCall(setUp.streams, 'It is noon in Ulaanbaatar. ');
    await expect.poll(() => status(setUp.talk).textContent).toBe('Preparing speech…');
    expect(stopSpeaking()).not.toBeNull();

    act(() => refuse(err('NOT_CONFIGURED', 'The model is not available for this key.', { reason: 'unknown_model' })));
    await expect.poll(() => status(setUp.talk).textContent).toBe(SPEECH_FAILED);
    expect(stopSpeaking()).toBeNull();
    expect(within(conversation()).getByText('It is noon in Ulaanbaatar.')).toBeVisible();
    // One refusal is enough: nothing more is asked of main for this answer.
    expect(asked(setUp.invoke, 'voice:tts')).toHaveLength(1);
  });

  it('UQ8: with no way to play sound, the pane says so at once and the answer is still written out', async () => {
    const setUp = await setup({ spokenAnswers: true });
    // The capture's context opens; the output's (at the Live API's rate) cannot: there is no output device.
    vi.stubGlobal(
      'AudioContext',
      class extends FakeCaptureContext {
        constructor(options?: AudioContextOptions) {
          super();
          if (options?.sampleRate === LIVE.outputSampleRateHz) throw new DOMException('No audio output device.', 'NotSupportedError');
        }
      },
    );
    await askByVoice(setUp);
    const call = await answerByOneCall(setUp.streams, 'It is noon in Ulaanbaatar. ');
    await expect.poll(() => status(setUp.talk).textContent).toBe(SPEECH_FAILED);
    expect(stopSpeaking()).toBeNull();
    act(() => call.finish(done('It is noon in Ulaanbaatar.')));
    expect(await within(conversation()).findByText('It is noon in Ulaanbaatar.')).toBeVisible();
    expect(asked(setUp.invoke, 'voice:tts')).toEqual([]);
  });
});
