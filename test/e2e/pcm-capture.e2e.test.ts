import { expect, it } from 'vitest';
import { LIVE, VOICE } from '../../shared/limits';
import { pageProblems } from './support/browser';
import { captureTrackStates, recordCaptureTracks } from './support/capture-tracks';
import { buildPageProbe } from './support/page-probe';
import { startSession } from './support/session';
import { meetingAudio } from './support/speech-audio';

const FRAME_BYTES = (LIVE.inputSampleRateHz * LIVE.frameMs * 2) / 1000;
/** Frames this far inside an utterance or a pause are judged: its edges are where a word fades in or out. */
const EDGE_MS = 120;
/** Louder than this is a frame of speech (and digital silence stays far below it, whatever the voice processing). */
const SPEECH_DBFS = VOICE.speechLevelDbfs;

/** What renderer/src/testing/audio-probe.ts's capturePcm answers (the page's types are not this project's). */
type Captured =
  | { ok: false; problem: string }
  | {
      ok: true;
      frames: { seq: number; bytes: number; capturedAt: number; dbfs: number }[];
      startedAt: number;
      stoppedAt: number;
      result: { kind: string; frames?: number };
    };

it('LV1: 20 s of speech from the fake microphone come out as 16 kHz PCM16 frames, in order, none missing, the speech where the file has it', async () => {
  const meeting = meetingAudio();
  // The first five utterances and the pauses between them: about 20 s, inside the recording limit.
  const heard = meeting.truth.slice(0, 5);
  const captureMs = heard.at(-1)!.endMs + 1_000;
  expect(captureMs).toBeLessThan(VOICE.recordingMaxMs);
  const { harness, page, consoleErrors } = await startSession({ validKeys: [], fakeMicrophone: meeting.file });
  await recordCaptureTracks(page);
  const probe = await buildPageProbe('renderer/src/testing/audio-probe.ts');
  await page.goto(harness.url);

  const captured = await page.evaluate<Captured>(`${probe}.then((probe) => probe.capturePcm(${captureMs}))`);

  if (!captured.ok) throw new Error(`The capture did not start: ${captured.problem}`);
  const { frames, result } = captured;
  // In order, no gap, no repeat; every frame but the flushed last one 20 ms at 16 kHz.
  expect(frames.map((frame) => frame.seq)).toEqual(frames.map((_, index) => index));
  expect(frames.slice(0, -1).every((frame) => frame.bytes === FRAME_BYTES)).toBe(true);
  expect(frames.at(-1)!.bytes).toBeLessThanOrEqual(FRAME_BYTES);
  expect(frames.every((frame, index) => index === 0 || frame.capturedAt >= frames[index - 1]!.capturedAt)).toBe(true);
  // 16 kHz: the samples cover the time the capture ran (a 48 kHz stream would give three times as many).
  const samples = frames.reduce((sum, frame) => sum + frame.bytes / 2, 0);
  const ranMs = captured.stoppedAt - captured.startedAt;
  expect((samples / LIVE.inputSampleRateHz) * 1000).toBeGreaterThan(ranMs * 0.95);
  expect((samples / LIVE.inputSampleRateHz) * 1000).toBeLessThanOrEqual(ranMs);
  expect(result).toMatchObject({ kind: 'captured', frames: frames.length });

  // Where the file is in the frames: the device starts playing it a moment before the first frame is made.
  const firstLoud = frames.findIndex((frame) => frame.dbfs >= SPEECH_DBFS);
  const fileMsAtFirstFrame = heard[0]!.startMs - firstLoud * LIVE.frameMs;
  expect(fileMsAtFirstFrame).toBeGreaterThanOrEqual(-LIVE.frameMs);
  expect(fileMsAtFirstFrame).toBeLessThan(1_000);
  const framesBetween = (fromMs: number, toMs: number) =>
    frames.filter((_, index) => {
      const at = fileMsAtFirstFrame + index * LIVE.frameMs;
      return at >= fromMs + EDGE_MS && at + LIVE.frameMs <= toMs - EDGE_MS;
    });
  // Each utterance is mostly speech (espeak-ng pauses briefly between words), each pause silent throughout.
  for (const [index, utterance] of heard.entries()) {
    const during = framesBetween(utterance.startMs, utterance.endMs);
    const loud = during.filter((frame) => frame.dbfs >= SPEECH_DBFS).length;
    expect(loud / during.length, `utterance ${index + 1}: "${utterance.text}"`).toBeGreaterThan(0.8);
    const next = heard[index + 1];
    if (next === undefined) continue;
    const pause = framesBetween(utterance.endMs, next.startMs);
    expect(pause.length, `pause after utterance ${index + 1}`).toBeGreaterThan(0);
    expect(Math.max(...pause.map((frame) => frame.dbfs)), `pause after utterance ${index + 1}`).toBeLessThan(SPEECH_DBFS);
  }

  // The microphone is let go once the capture stopped.
  expect(await captureTrackStates(page)).toEqual(['ended']);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
