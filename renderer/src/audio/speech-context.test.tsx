import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE } from '../../../shared/limits';
import { ok } from '../../../shared/result';
import { fakeBufferSource, type FakeSource } from '../testing/fake-audio';
import { createFakeMain } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { useSpeech, type Speech } from './speech-context';

/** The browser's AudioContext: every source made is kept, so a test can tell what was scheduled and what silenced. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: AudioContextState = 'running';
  currentTime = 3;
  destination = {};
  sources: FakeSource[] = [];
  constructor(readonly options: AudioContextOptions = {}) {
    FakeAudioContext.made.push(this);
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    return { duration: length / sampleRate, copyToChannel: () => undefined };
  }
  /** Every clip decodes to one second of sound. */
  decodeAudioData(): Promise<{ duration: number }> {
    return Promise.resolve({ duration: 1 });
  }
  createBufferSource(): FakeSource {
    return fakeBufferSource(this.sources);
  }
  resume(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

afterEach(() => {
  FakeAudioContext.made = [];
  vi.unstubAllGlobals();
});

/** 100 ms of the Live API's answer audio. */
const CHUNK = new Uint8Array((LIVE.outputSampleRateHz / 10) * 2);

/** Renders what the app provides around a pane, and hands back its speech as a pane would use it. */
async function setup(): Promise<() => Speech> {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const main = createFakeMain({
    handlers: { 'voice:tts': () => ok({ mimeType: 'audio/wav', data: btoa('RIFF') }) },
  });
  let speech: Speech | null = null;
  function Speaker() {
    speech = useSpeech();
    return <output data-testid="speech" data-playing={speech.state.playing} data-kind={speech.state.kind} />;
  }
  renderWithApp(<Speaker />, { api: main.api });
  await screen.findByTestId('speech');
  return () => speech!;
}

/** What `start` returns, the state updates it caused applied. */
function inAct<T>(start: () => T): T {
  let started: T | undefined;
  act(() => {
    started = start();
  });
  return started as T;
}

const sources = () => FakeAudioContext.made.flatMap((context) => context.sources);
const shown = () => screen.getByTestId('speech');

describe('LV3: a Live answer plays through the app’s speech, and Stop speaking stops it', () => {
  it('LV3: speech.stream() plays the chunks and shows it is speaking, with when the first sample is heard', async () => {
    const speech = await setup();

    const answer = inAct(() => speech().stream());
    act(() => answer.push(CHUNK));
    act(() => answer.push(CHUNK));

    expect(FakeAudioContext.made.map((context) => context.options.sampleRate)).toEqual([LIVE.outputSampleRateHz]);
    const [first, second] = sources().map((source) => source.startedAt!);
    expect(second! - first!).toBeCloseTo(0.1, 9);
    expect(shown()).toHaveAttribute('data-playing', 'true');
    expect(speech().state).toMatchObject({ kind: 'speaking', playing: true, clipsStarted: 1 });
    expect(speech().state.firstSampleAt).toEqual(expect.any(Number));

    act(() => answer.end());
    for (const source of sources()) act(() => source.end());
    await vi.waitFor(() => expect(speech().state).toMatchObject({ kind: 'idle', playing: false }));
  });

  it('LV3: speech.stop() (Stop speaking, Escape, a new press) silences a Live answer at once, and what arrives later is never heard', async () => {
    const speech = await setup();
    const answer = inAct(() => speech().stream());
    act(() => answer.push(CHUNK));
    act(() => answer.push(CHUNK));

    act(() => speech().stop());

    expect(sources().map((source) => source.stopped)).toEqual([true, true]);
    expect(speech().state).toMatchObject({ kind: 'idle', playing: false });
    act(() => answer.push(CHUNK));
    expect(sources()).toHaveLength(2);
  });

  it('LV3: a Live answer cuts a spoken one, and a new Live answer starts fresh; an old handle stops nothing new; each answer reports its own first sample', async () => {
    const speech = await setup();
    const spoken = inAct(() => speech().begin('en'));
    act(() => {
      spoken.add('The time in Ulaanbaatar is ten past nine. ');
      spoken.end({ complete: true });
    });
    await vi.waitFor(() => expect(sources()).toHaveLength(1));
    expect(speech().state.firstSampleAt).toEqual(expect.any(Number));

    const first = inAct(() => speech().stream());
    expect(sources()[0]!.stopped).toBe(true);
    // The spoken answer's first sample was scheduled; the Live one's is not yet.
    expect(speech().state.firstSampleAt).toBeNull();
    act(() => first.push(CHUNK));
    const second = inAct(() => speech().stream());
    act(() => second.push(CHUNK));
    act(() => first.stop());

    expect(sources().map((source) => source.stopped)).toEqual([true, true, false]);
    expect(speech().state).toMatchObject({ kind: 'speaking', playing: true });
  });
});
