import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { parseSrt } from '../../shared/caption-export';
import { liveInputMs } from '../../shared/audio';
import { WAV_HEADER_BYTES } from '../../shared/wav';
import { DEFAULT_MODELS } from '../../shared/settings';
import { delay, LIVE_CLOSE, liveScript, type GeminiDouble, type GeminiStep, type ReplyContext } from '../doubles/gemini-double';
import { TRANSCRIPTS_DIR } from '../harness/start-harness';
import { pageProblems } from './support/browser';
import { fakeMonitorInput, seenCaptions, watchCaptions } from './support/caption-watch';
import { compactLayout, compactProblems } from './support/compact-screens';
import { captureTrackStates, recordCaptureTracks } from './support/capture-tracks';
import { startSignedInSession } from './support/session';
import { earlySpeechAudio, meetingAudio, stretchesOfSpeech, type MeetingAudio } from './support/speech-audio';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-captions-0123456789abcdef';
/** Longer than the next segment takes to be answered: the first reply arrives after the second. */
const FIRST_REPLY_LATE_MS = 6_000;

const pane = (page: Page) => page.getByRole('tabpanel');
const captions = (page: Page) => pane(page).getByRole('region', { name: ui.translate.live.captions });

/**
 * The double as speech to text and translator at once: a request with audio in it is a segment to transcribe (its
 * words: how long it is), any other one a transcript to translate (the words back, marked as translated).
 */
function captionReply(): GeminiStep {
  return {
    kind: 'respond',
    status: 200,
    body: (context: ReplyContext) => {
      const request = JSON.stringify(context.body);
      const audio = /"inlineData":\{"mimeType":"[^"]+","data":"([^"]+)"/.exec(request);
      const said = /Segment of \d+ bytes/.exec(request)?.[0];
      const text = audio ? `Segment of ${audio[1]!.length} bytes` : `Translated: ${said ?? 'nothing'}`;
      return { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }] };
    },
  };
}

/** Live translation is not offered to the key: captions take the pause-cut path from the start. */
function withoutLiveTranslation(gemini: GeminiDouble): void {
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveScript({ turns: [], refuseSetup: LIVE_CLOSE.unknownModel(DEFAULT_MODELS.liveTranslate) }));
}

/** Live translation hears `meeting` one stretch of speech at a time: its words, and a translation marked as such. */
function liveTranslationOf(meeting: MeetingAudio): GeminiStep {
  const utterances = stretchesOfSpeech(meeting).map(({ startMs, endMs }) => {
    const heard = meeting.truth.filter((utterance) => utterance.startMs >= startMs && utterance.endMs <= endMs).map((utterance) => utterance.text);
    return { heard: heard.join(' '), translation: `Translated: ${heard.join(' ')}`, speechMs: endMs - startMs };
  });
  return liveScript({ turns: [], translation: { utterances } });
}


/** The audio one Live connection got, in milliseconds, before each audioStreamEnd (the app's pauses), in order. */
function streamedStretchesMs(gemini: GeminiDouble, index: number): number[] {
  const connection = gemini.liveConversations.filter((conversation) => conversation.model === DEFAULT_MODELS.liveTranslate)[index]!.connections[0]!;
  const stretches = [0];
  for (const { message } of connection.messages) {
    const input = (message as { realtimeInput?: { audio?: { data: string }; audioStreamEnd?: boolean } }).realtimeInput;
    if (input?.audio) stretches[stretches.length - 1]! += liveInputMs(Buffer.from(input.audio.data, 'base64').length);
    if (input?.audioStreamEnd) stretches.push(0);
  }
  return stretches.filter((ms) => ms > 0);
}

/**
 * The transcript the member saved, once it is whole: the saved file, not the staging copy (".name.….partial") that
 * sits beside it while it is written.
 */
async function savedTranscript(dataDir: string): Promise<string> {
  const dir = join(dataDir, TRANSCRIPTS_DIR);
  const saved = () => readdirSync(dir).filter((name) => !name.startsWith('.'));
  await expect.poll(() => saved().length).toBe(1);
  return readFileSync(join(dir, saved()[0]!), 'utf8');
}

async function openLiveCaptions(page: Page, url: string) {
  await recordCaptureTracks(page);
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: ui.translate.views.live }).click();
}

it('T2, LC5: without Live translation, live captions cut at pauses, one line per stretch of speech, in speaking order though the first reply comes last; the silence sends nothing; Stop releases the microphone; the SRT export reads back', async () => {
  const meeting = meetingAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  withoutLiveTranslation(gemini);
  gemini.script('generateContent', delay(FIRST_REPLY_LATE_MS, captionReply()), ...Array.from({ length: 30 }, () => captionReply()));
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(ui.translate.live.mode.pausesInstead).waitFor({ timeout: 60_000 });

  // What the truth file predicts: the 0.3 s gap joins the first two sentences in one line.
  const groups = stretchesOfSpeech(meeting);
  const done = captions(page).locator('.caption-done');
  await expect.poll(() => done.count(), { timeout: meeting.durationMs + 30_000 }).toBe(groups.length);
  expect(await captureTrackStates(page)).toContain('live');
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await pane(page).getByText(ui.translate.live.status.stopped).waitFor();
  await expect.poll(() => captureTrackStates(page)).toEqual(expect.arrayContaining(['ended']));
  expect(await captureTrackStates(page)).not.toContain('live');

  // The 10 s of silence and the tail sent nothing: one transcription and one translation a line.
  const transcriptions = gemini.requestsFor('generateContent').filter((request) => JSON.stringify(request.body).includes('"inlineData"'));
  expect(transcriptions).toHaveLength(groups.length);
  // Speaking order on screen, whatever order the replies came in.
  const starts = await captions(page).locator('.caption-line time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
  const seconds = starts.map((start) => Number(/PT(\d+)S/.exec(start ?? '')?.[1]));
  expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  for (const [index, group] of groups.entries()) {
    expect(Math.abs(seconds[index]! * 1000 - group.startMs), `line ${index + 1}`).toBeLessThan(1500);
  }

  await pane(page).getByRole('button', { name: ui.translate.live.exportSrt }).click();
  const cues = parseSrt(await savedTranscript(harness.dataDir));
  expect(cues.map((cue) => cue.index)).toEqual(groups.map((_, index) => index + 1));
  expect(cues.every((cue, index) => index === 0 || cue.startMs >= cues[index - 1]!.endMs)).toBe(true);
  expect(cues.every((cue) => cue.lines.length === 2 && cue.lines[1]!.startsWith('Translated: Segment of'))).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('T2: without voice detection (its files unavailable) the seeds’ fixed segments still caption, and Stop releases the microphone', async () => {
  const meeting = meetingAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.script('generateContent', ...Array.from({ length: 30 }, () => captionReply()));
  await page.route('**/vad/**', (route) => route.abort());
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(/^Fixed \d+-second segments/).waitFor({ timeout: 60_000 });
  await captions(page).locator('.caption-done').first().waitFor({ timeout: 30_000 });
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await pane(page).getByText(ui.translate.live.status.stopped).waitFor();
  await expect.poll(() => captureTrackStates(page)).toEqual(expect.arrayContaining(['ended']));
  expect(await captureTrackStates(page)).not.toContain('live');
  // The failed asset loads are the test's doing, not the page's.
  expect(pageProblems(consoleErrors).filter((problem) => !/vad|onnx|wasm|Failed to load|ERR_FAILED/i.test(problem))).toEqual([]);
});

it('LC1, LC2: streamed captions hear words said 200 ms after Start, show them while the sentence is spoken, finalize each line at its pause, send no silence, and Stop lets the microphone go', async () => {
  const meeting = earlySpeechAudio();
  const stretches = stretchesOfSpeech(meeting);
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveTranslationOf(meeting));
  await watchCaptions(page);
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(ui.translate.live.mode.streaming).waitFor({ timeout: 30_000 });

  const done = captions(page).locator('.caption-done');
  await expect.poll(() => done.count(), { timeout: meeting.durationMs + 30_000 }).toBe(stretches.length);
  const seen = await seenCaptions(page);
  expect(seen.lines).toHaveLength(stretches.length);
  // Once the voice detection runs, the first words are on screen before the sentence ends (the first sentence may
  // end while the model still loads on a busy machine: it is captioned whole, but later); each line is final only
  // after its pause.
  expect(seen.lines.at(-1)!.firstWordsAt).toBeLessThan(seen.openedAt + stretches.at(-1)!.endMs);
  seen.lines.forEach((line, index) => expect(line.finalAt, `line ${index + 1}`).toBeGreaterThan(seen.openedAt + stretches[index]!.endMs));
  const originals = await captions(page).locator('.caption-done .caption-original').allTextContents();
  expect(originals).toEqual(meeting.truth.map((utterance) => utterance.text));

  // What went to Gemini: each stretch whole, the first though the voice detection loaded after its first words, and
  // nothing of the 10 s of silence (a stretch is its speech, its pre-roll and the pause that ended it).
  const streamed = streamedStretchesMs(gemini, 0);
  expect(streamed).toHaveLength(stretches.length);
  stretches.forEach(({ startMs, endMs }, index) => {
    expect(streamed[index], `stretch ${index + 1}`).toBeGreaterThanOrEqual(endMs - startMs);
    expect(streamed[index], `stretch ${index + 1}`).toBeLessThan(endMs - startMs + 1_200);
  });

  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await expect.poll(() => captureTrackStates(page)).toEqual(expect.arrayContaining(['ended']));
  expect(await captureTrackStates(page)).not.toContain('live');
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('LC3: both sides of a meeting stream at once, each line says who spoke, and the SRT reads back with the labels', async () => {
  const meeting = earlySpeechAudio();
  const stretches = stretchesOfSpeech(meeting);
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveTranslationOf(meeting), liveTranslationOf(meeting));
  await fakeMonitorInput(page);
  await recordCaptureTracks(page);
  await openLiveCaptions(page, harness.url);
  const others = pane(page).getByRole('combobox', { name: ui.translate.live.input.others });
  await expect.poll(() => others.locator('option').allTextContents()).toContain('Computer audio: Monitor of Fake Speakers');
  await others.selectOption({ label: 'Computer audio: Monitor of Fake Speakers' });
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();

  const done = captions(page).locator('.caption-done');
  await expect.poll(() => done.count(), { timeout: meeting.durationMs + 30_000 }).toBe(2 * stretches.length);
  const speakers = await captions(page).locator('.caption-done .caption-speaker').allTextContents();
  expect(speakers.filter((speaker) => speaker === ui.translate.live.speaker.you)).toHaveLength(stretches.length);
  expect(speakers.filter((speaker) => speaker === ui.translate.live.speaker.others)).toHaveLength(stretches.length);
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await expect.poll(() => captureTrackStates(page)).not.toContain('live');

  await pane(page).getByRole('button', { name: ui.translate.live.exportSrt }).click();
  const cues = parseSrt(await savedTranscript(harness.dataDir));
  expect(cues).toHaveLength(2 * stretches.length);
  const labels = cues.map((cue) => /^(You|Others): /.exec(cue.lines[0] ?? '')?.[1]).sort();
  expect(labels).toEqual([...Array(stretches.length).fill('Others'), ...Array(stretches.length).fill('You')]);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('LC5: cut at pauses too, words said 200 ms after Start are captioned: the first segment holds the first sentence whole', async () => {
  const meeting = earlySpeechAudio();
  const { gemini, harness, page } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  withoutLiveTranslation(gemini);
  gemini.script('generateContent', ...Array.from({ length: 12 }, () => captionReply()));
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(ui.translate.live.mode.pausesInstead).waitFor({ timeout: 30_000 });
  await captions(page).locator('.caption-done').first().waitFor({ timeout: 30_000 });

  const [first] = gemini.requestsFor('generateContent').filter((request) => JSON.stringify(request.body).includes('"inlineData"'));
  const audio = /"inlineData":\{"mimeType":"audio\/wav","data":"([^"]+)"/.exec(JSON.stringify(first!.body))![1]!;
  const heardMs = liveInputMs(Buffer.from(audio, 'base64').length - WAV_HEADER_BYTES);
  expect(heardMs).toBeGreaterThanOrEqual(meeting.truth[0]!.endMs - meeting.truth[0]!.startMs);
  expect(await captions(page).locator('.caption-done time').first().getAttribute('datetime')).toBe('PT0S');
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
});


/** The element filling the screen, by its tag; null when nothing does. */
const fullScreenTag = (page: Page) => page.locator('html').evaluate((root) => root.ownerDocument.fullscreenElement?.tagName ?? null);

it('UQ7: the compact view shows the captions alone, in large text, within 900x650, the newest line in view; it fills the screen, and Escape leaves both, back to its button', async () => {
  const meeting = earlySpeechAudio();
  const stretches = stretchesOfSpeech(meeting);
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveTranslationOf(meeting));
  await page.setViewportSize({ width: 900, height: 650 });
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  const opener = pane(page).getByRole('button', { name: ui.translate.live.compact.open });
  await opener.click();
  const view = page.getByRole('dialog', { name: ui.translate.live.compact.label });
  await view.waitFor();

  // The lines arrive while it is shown, and the newest stays in view as they do.
  await expect.poll(() => view.locator('.caption-done').count(), { timeout: meeting.durationMs + 30_000 }).toBe(stretches.length);
  // Over the whole window, the pane out of sight, the newest line within the captions' box, text a room can read.
  expect(compactProblems(await compactLayout(page), { width: 900, height: 650, scheme: 'light', lang: 'en' })).toEqual([]);

  // Full screen; Escape ends it and the compact view, and the focus is back on the button that opened it.
  await view.getByRole('button', { name: ui.translate.live.compact.fullScreen }).click();
  await expect.poll(() => fullScreenTag(page)).toBe('DIV');
  await view.getByRole('button', { name: ui.translate.live.compact.exitFullScreen }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => fullScreenTag(page)).toBeNull();
  await view.waitFor({ state: 'detached' });
  await expect.poll(() => opener.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);

  // In the window, Escape leaves it too.
  await opener.click();
  await view.waitFor();
  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached' });
  await expect.poll(() => opener.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);

  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  expect(pageProblems(consoleErrors)).toEqual([]);
});
