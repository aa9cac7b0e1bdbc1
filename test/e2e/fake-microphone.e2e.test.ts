import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { isAllowedAudioMime } from '../../shared/audio';
import { VOICE } from '../../shared/limits';
import { startSession } from './support/session';
import { silentAudio, speechAudio } from './support/speech-audio';

/** A WebM file starts with the EBML magic number. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
/** Past the end of the words, as a member holds the key a moment after speaking. */
const AFTER_SPEECH_MS = 300;

interface Heard {
  mimeType: string;
  bytes: number;
  head: number[];
  loudestDbfs: number;
  /** Time the level stayed at or above VOICE.speechLevelDbfs. */
  speechMs: number;
}

/** What the page script uses of the browser; this project's Node typings have no DOM. */
interface PageAudio {
  navigator: { mediaDevices: { getUserMedia(constraints: { audio: Record<string, boolean> }): Promise<PageStream> } };
  AudioContext: new () => {
    createAnalyser(): { fftSize: number; getFloatTimeDomainData(samples: Float32Array): void };
    createMediaStreamSource(stream: PageStream): { connect(node: unknown): void };
    close(): Promise<void>;
  };
  MediaRecorder: new (stream: PageStream, options: { mimeType: string; audioBitsPerSecond: number }) => {
    readonly mimeType: string;
    ondataavailable: ((event: { data: Blob }) => void) | null;
    onstop: (() => void) | null;
    start(timesliceMs: number): void;
    stop(): void;
  };
}
interface PageStream {
  getTracks(): { stop(): void }[];
}

/**
 * Records `recordMs` from the page's microphone the way the voice recorder does (voice processing on, Opus in WebM
 * at the speech bitrate, timeslice chunks, the level from an AnalyserNode): the renderer's module is not loadable
 * from here, so this checks what it stands on, Chromium's fake device fed from the test's WAV.
 */
function recordInPage(page: Page, recordMs: number): Promise<Heard> {
  return page.evaluate(
    async ({ recordMs, speechLevelDbfs, bitsPerSecond }) => {
      const { navigator, AudioContext, MediaRecorder } = globalThis as unknown as PageAudio;
      const sampleEveryMs = 50;
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let loudestDbfs = -Infinity;
      let speechMs = 0;
      const sampling = setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        const dbfs = 10 * Math.log10(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
        loudestDbfs = Math.max(loudestDbfs, dbfs);
        if (dbfs >= speechLevelDbfs) speechMs += sampleEveryMs;
      }, sampleEveryMs);

      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: bitsPerSecond });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise<void>((resolve) => (recorder.onstop = resolve));
      recorder.start(250);
      await new Promise((resolve) => setTimeout(resolve, recordMs));
      recorder.stop();
      await stopped;
      clearInterval(sampling);
      for (const track of stream.getTracks()) track.stop();
      await context.close();

      const clip = new Blob(chunks);
      const head = [...new Uint8Array(await clip.slice(0, 4).arrayBuffer())];
      return { mimeType: recorder.mimeType, bytes: clip.size, head, loudestDbfs, speechMs };
    },
    { recordMs, speechLevelDbfs: VOICE.speechLevelDbfs, bitsPerSecond: VOICE.recorderBitsPerSecond },
  );
}

it('the fake microphone speaks the test question: Chromium records it as WebM/Opus, loud enough to count as speech', async () => {
  const speech = speechAudio();
  const { harness, page } = await startSession({ validKeys: [], fakeMicrophone: speech.file });
  await page.goto(harness.url);

  const heard = await recordInPage(page, speech.speechEndMs + AFTER_SPEECH_MS);

  expect(heard.mimeType).toBe('audio/webm;codecs=opus');
  expect(isAllowedAudioMime(heard.mimeType)).toBe(true);
  expect(heard.bytes).toBeGreaterThan(0);
  expect(heard.head).toEqual(EBML_MAGIC);
  expect(heard.loudestDbfs).toBeGreaterThan(VOICE.speechLevelDbfs);
  expect(heard.speechMs).toBeGreaterThanOrEqual(VOICE.recordingMinSpeechMs);
});

it('the silent file stays under the speech level, so the level tells the two apart', async () => {
  const { harness, page } = await startSession({ validKeys: [], fakeMicrophone: silentAudio() });
  await page.goto(harness.url);

  const heard = await recordInPage(page, 1_500);

  expect(heard.bytes).toBeGreaterThan(0);
  expect(heard.loudestDbfs).toBeLessThan(VOICE.speechLevelDbfs);
  expect(heard.speechMs).toBe(0);
});
