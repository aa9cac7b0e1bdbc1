import { expect, it } from 'vitest';
import { LIVE, VOICE } from '../../shared/limits';
import { pageProblems } from './support/browser';
import { captureTrackStates, recordCaptureTracks } from './support/capture-tracks';
import { buildPageProbe } from './support/page-probe';
import { startSession } from './support/session';
import { earlySpeechAudio } from './support/speech-audio';

/** The detector's redemption (500 ms) in its whole 32 ms frames: a stretch ends this long after the last word. */
const REDEMPTION_MS = 480;
/** Its padding before the speech it detects: 9 frames of 32 ms. */
const PADDING_MS = 288;
/** How far a boundary may be from the file's truth: the detector's frame, the words' fading edges, the device's start. */
const TOLERANCE_MS = 150;

/** What renderer/src/testing/audio-probe.ts's captureSpeech answers (the page's types are not this project's). */
type Event =
  | { kind: 'detector'; ready: boolean; atPageMs: number }
  | { kind: 'start'; atMs: number }
  | { kind: 'frame'; atMs: number; bytes: number; dbfs: number }
  | { kind: 'end'; atMs: number; reason: string };
type Captured = { ok: false; problem: string } | { ok: true; events: Event[]; detectorReady: boolean; openedMs: number };

it('LC-A: with the real Silero model in Chromium, speech from 200 ms after Start is captured, each stretch ends after its pause, the silence hands out nothing, and Stop lets the microphone go', async () => {
  const meeting = earlySpeechAudio();
  const { harness, page, consoleErrors } = await startSession({ validKeys: [], fakeMicrophone: meeting.file });
  await recordCaptureTracks(page);
  const probe = await buildPageProbe('renderer/src/testing/audio-probe.ts');
  await page.goto(harness.url);

  const captured = await page.evaluate<Captured>(`${probe}.then((probe) => probe.captureSpeech(${meeting.durationMs}))`);

  if (!captured.ok) throw new Error(`The capture did not start: ${captured.problem}`);
  // On the file's clock: the capture's times count from before the input opened, the fake device's file from its opening.
  const events = captured.events.map((event) => ('atMs' in event ? { ...event, atMs: event.atMs - captured.openedMs } : event));
  expect(captured.detectorReady).toBe(true);
  const detector = events.find((event) => event.kind === 'detector')!;
  const starts = events.filter((event) => event.kind === 'start');
  const ends = events.filter((event) => event.kind === 'end');
  const frames = events.filter((event) => event.kind === 'frame');
  const measured = {
    openedMs: Math.round(captured.openedMs),
    detectorLoadedMs: Math.round(detector.atPageMs - captured.openedMs),
    starts: starts.map((start) => Math.round(start.atMs)),
    ends: ends.map((end) => `${Math.round(end.atMs)} ${end.reason}`),
    firstLoudFrameMs: frames.find((frame) => frame.dbfs >= VOICE.speechLevelDbfs)?.atMs,
    truth: meeting.truth.map((utterance) => [Math.round(utterance.startMs), Math.round(utterance.endMs)]),
  };
  console.log('LC-A measured', JSON.stringify(measured));

  // One stretch an utterance: the 1.5 s pause splits, the last one ended by Stop or by its pause.
  expect(starts).toHaveLength(meeting.truth.length);
  expect(ends.map((end) => end.reason)).toEqual(meeting.truth.map(() => 'pause'));
  // The model loaded after the first words were said: they were heard all the same, at their time.
  expect(measured.detectorLoadedMs).toBeGreaterThan(meeting.truth[0]!.startMs);
  expect(Math.abs(measured.firstLoudFrameMs! - meeting.truth[0]!.startMs)).toBeLessThan(TOLERANCE_MS);
  meeting.truth.forEach((utterance, index) => {
    const start = starts[index]!.atMs;
    // The padding before the words, as far back as the input goes.
    expect(start, `start of utterance ${index + 1}`).toBeGreaterThan(Math.max(0, utterance.startMs - PADDING_MS) - TOLERANCE_MS);
    expect(start, `start of utterance ${index + 1}`).toBeLessThan(Math.max(0, utterance.startMs - PADDING_MS) + TOLERANCE_MS);
    expect(Math.abs(ends[index]!.atMs - (utterance.endMs + REDEMPTION_MS)), `end of utterance ${index + 1}`).toBeLessThan(TOLERANCE_MS);
  });
  // Frames only inside the stretches: none in the 10 s of silence; each 20 ms but a stretch's last.
  const silence = { from: meeting.truth[1]!.endMs + REDEMPTION_MS + TOLERANCE_MS, to: meeting.truth[2]!.startMs - PADDING_MS - TOLERANCE_MS };
  expect(frames.filter((frame) => frame.atMs >= silence.from && frame.atMs < silence.to)).toEqual([]);
  expect(frames.filter((frame) => frame.bytes > (LIVE.inputSampleRateHz * LIVE.frameMs * 2) / 1000)).toEqual([]);

  expect(await captureTrackStates(page)).toEqual(['ended']);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
