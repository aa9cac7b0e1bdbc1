import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../shared/settings';
import { DEFAULT_SPEECH_MIME_TYPE, audioReply, defaultSpeechPcm, delay, liveScript, stream, textChunk, textReply } from '../doubles/gemini-double';
import { pageProblems, tabTo } from './support/browser';
import { startSignedInSession } from './support/session';
import { silentAudio, speechAudio } from './support/speech-audio';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-voice-0123456789abcdef';
const ANSWER = [
  'It is 9:41 in the morning in Ulaanbaatar. ',
  'That is Wednesday, the second of December. ',
  'The office opens at ten. ',
  'Lunch is at one. ',
  'Ask me anything else.',
];
/** Longer than the test takes to press Space again: the sentences after the first are still being synthesized. */
const SLOW_SYNTHESIS_MS = 60_000;
/** About four seconds of sound at 20 ms a character: still playing when Space is pressed again. */
const LONG_CLIP = defaultSpeechPcm('x'.repeat(200));

const LIVE_ANSWER = 'It is 9:41 in the morning in Ulaanbaatar.';

const pane = (page: Page) => page.getByRole('tabpanel');
const log = (page: Page) => pane(page).getByRole('log', { name: ui.assistant.chat.log });
const voicePane = (page: Page) => page.locator('.voice');
const talkButton = (page: Page) => pane(page).getByRole('button', { name: ui.voice.pane.hold });

/** Holds Space for as long as the fake microphone speaks, as a member holds the key while asking. */
async function holdSpaceWhileSpeaking(page: Page, speakingMs: number): Promise<void> {
  await page.keyboard.down('Space');
  await pane(page).getByRole('status').getByText(ui.voice.pane.listening).waitFor();
  await page.waitForTimeout(speakingMs);
  await page.keyboard.up('Space');
}

it('LV: Space held streams the question live; its words show while it is spoken; released, the answer plays at its first chunk, its text beside it', async () => {
  const audio = speechAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: audio.file });
  const [firstWords, ...restOfWords] = audio.text.split(/(?<= \S+ \S+) /);
  gemini.script(
    'live',
    liveScript({
      turns: [
        {
          // A piece of the transcript every half second of speech, as Google sends it while the member speaks.
          heard: [firstWords!, ...restOfWords.map((words) => ` ${words}`)],
          heardEveryBytes: 16_000,
          answerDelayMs: 300,
          answer: { text: LIVE_ANSWER, audioMs: 3_000, chunkIntervalMs: 40 },
        },
      ],
    }),
  );

  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+4');
  await tabTo(page, talkButton(page));
  await page.keyboard.down('Space');
  await pane(page).getByRole('status').getByText(ui.voice.pane.listening).waitFor();
  // While the key is still held, the first words are on screen already.
  await log(page).getByText(firstWords!, { exact: false }).waitFor({ timeout: audio.durationMs });
  const heardWhileSpeaking = gemini.liveConversations[0]!.connections[0]!.audio.length;
  expect(gemini.liveConversations[0]!.connections[0]!.activityEnds).toHaveLength(0);
  await page.waitForTimeout(Math.max(0, audio.durationMs - 1_000));
  await page.keyboard.up('Space');

  await log(page).getByText(audio.text).waitFor();
  // The answer plays as it streams (observed at the player), its text streaming beside it.
  await expect.poll(() => voicePane(page).getAttribute('data-speech-first-sample')).not.toBeNull();
  await expect.poll(() => voicePane(page).getAttribute('data-speech-playing')).toBe('true');
  await log(page).getByText(LIVE_ANSWER).waitFor();
  await log(page).getByText(ui.assistant.answer.live, { exact: false }).waitFor();

  const [connection] = gemini.liveConversations[0]!.connections;
  expect(heardWhileSpeaking).toBeGreaterThan(0);
  expect(new Set(connection!.audio.map((frame) => frame.mimeType))).toEqual(new Set(['audio/pcm;rate=16000']));
  expect(connection!.audio.every((frame) => frame.bytes.byteLength % 640 === 0 || frame === connection!.audio.at(-1))).toBe(true);
  expect(connection!.activityEnds).toHaveLength(1);
  expect(connection!.activityEnds[0]).toBeGreaterThanOrEqual(connection!.audio.at(-1)!.at);
  // No one-call question, no sentence-by-sentence speech.
  expect(gemini.requestsFor('streamGenerateContent')).toHaveLength(0);
  expect(gemini.requestsFor('generateContent', DEFAULT_MODELS.tts)).toHaveLength(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('LV3: a press over a live answer silences it at once, and Gemini hears the interruption', async () => {
  const audio = speechAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: audio.file });
  gemini.script(
    'live',
    liveScript({
      turns: [
        // Sent at speaking pace: the answer is still coming when the member presses again.
        { heard: [audio.text], answer: { text: LIVE_ANSWER, audioMs: 8_000, chunkMs: 100, chunkIntervalMs: 100 } },
        { heard: [audio.text], answer: { text: 'Noon.', audioMs: 500 } },
      ],
    }),
  );
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+4');
  await tabTo(page, talkButton(page));
  await holdSpaceWhileSpeaking(page, audio.durationMs);
  await expect.poll(() => voicePane(page).getAttribute('data-speech-playing')).toBe('true');

  await page.keyboard.down('Space');
  await expect.poll(() => voicePane(page).getAttribute('data-speech-playing')).toBe('false');
  await expect.poll(() => gemini.liveConversations[0]!.connections[0]!.interruptions.length).toBe(1);
  await page.waitForTimeout(audio.durationMs);
  await page.keyboard.up('Space');
  await log(page).getByText('Noon.').waitFor();
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('V1 V2: where Live is unavailable, the same question is answered by one call and spoken sentence by sentence, and says so; Space again cuts the speech and cancels pending synthesis', async () => {
  const audio = speechAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: audio.file });
  gemini.script('live', liveScript({ turns: [], refuseSetup: { code: 1008, reason: `models/${DEFAULT_MODELS.live} is not found for API version v1beta, or is not supported for bidiGenerateContent.` } }));
  gemini.script(
    'streamGenerateContent',
    stream([textChunk(`<transcript>${audio.text}</transcript>\n`), ...ANSWER.map((sentence) => textChunk(sentence))], { chunkDelayMs: 150 }),
  );
  gemini.scriptFor(
    DEFAULT_MODELS.tts,
    'generateContent',
    audioReply(LONG_CLIP, DEFAULT_SPEECH_MIME_TYPE),
    ...ANSWER.slice(1).map(() => delay(SLOW_SYNTHESIS_MS, audioReply(LONG_CLIP, DEFAULT_SPEECH_MIME_TYPE))),
  );

  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+4');
  expect(await page.getByRole('tab', { name: ui.panes.voice.title }).getAttribute('aria-selected')).toBe('true');
  await tabTo(page, talkButton(page));
  await holdSpaceWhileSpeaking(page, audio.durationMs);

  // The words the member said stand for the question, then the answer streams in under them.
  await log(page).getByText(audio.text).waitFor();
  await log(page).getByText('It is 9:41 in the morning in Ulaanbaatar.', { exact: false }).waitFor();
  await log(page).getByText('Ask me anything else.', { exact: false }).waitFor();
  expect(await log(page).getByText('<transcript>', { exact: false }).count()).toBe(0);

  // One model call, the question as it was streamed (16 kHz PCM in a WAV) inline in the member's turn.
  const asked = gemini.requestsFor('streamGenerateContent');
  expect(asked).toHaveLength(1);
  expect(JSON.stringify(asked[0]?.body)).toMatch(/"inlineData":\{"mimeType":"audio\/wav","data":"[A-Za-z0-9+/]{100,}/);
  const why = ui.assistant.answer.oneCall.replace('{{why}}', ui.assistant.answer.oneCallWhy.unknown_model);
  await log(page).getByText(why).waitFor();

  // The first sentence is heard; the ones after it are on their way.
  await expect.poll(() => voicePane(page).getAttribute('data-speech-playing')).toBe('true');
  expect(Number(await voicePane(page).getAttribute('data-speech-clips'))).toBe(1);
  await expect.poll(() => gemini.requestsFor('generateContent', DEFAULT_MODELS.tts).length).toBeGreaterThanOrEqual(2);

  // Barge-in: a new push-to-talk silences the answer at once and drops what was still being synthesized.
  await page.keyboard.down('Space');
  await expect.poll(() => voicePane(page).getAttribute('data-speech-playing')).toBe('false');
  expect(await voicePane(page).getAttribute('data-speech')).not.toBe('speaking');
  await page.keyboard.up('Space');
  await expect
    .poll(() => gemini.requestsFor('generateContent', DEFAULT_MODELS.tts).filter((request) => request.aborted).length)
    .toBeGreaterThanOrEqual(1);
  expect(Number(await voicePane(page).getAttribute('data-speech-clips'))).toBe(1);
  // The text stays on screen whatever became of the speech.
  expect(await log(page).getByText('Ask me anything else.', { exact: false }).count()).toBe(1);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('V5: a recording with no speech in it is not sent, and says why', async () => {
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: silentAudio() });
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+4');
  await tabTo(page, talkButton(page));
  await holdSpaceWhileSpeaking(page, 1500);
  await pane(page).getByText(ui.voice.pane.silent).waitFor();
  expect(gemini.requestsFor('streamGenerateContent')).toHaveLength(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('V3: the Assistant dictates into its question box, to read over before asking', async () => {
  const audio = speechAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: audio.file });
  gemini.scriptFor(DEFAULT_MODELS.assistant, 'generateContent', textReply(audio.text));
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+3');
  const dictate = pane(page).getByRole('button', { name: ui.voice.composer.dictate });
  await tabTo(page, dictate);
  await page.keyboard.press('Enter');
  await pane(page).getByRole('button', { name: ui.voice.composer.stopDictating }).waitFor();
  await page.waitForTimeout(audio.durationMs);
  await page.keyboard.press('Enter');
  await expect.poll(() => pane(page).getByRole('textbox', { name: ui.chat.label }).inputValue()).toBe(audio.text);
  // Literal transcription, one call, the recording inline; nothing was asked of the Assistant yet.
  const [transcribe] = gemini.requestsFor('generateContent', DEFAULT_MODELS.assistant);
  expect(JSON.stringify(transcribe?.body)).toContain('"mimeType":"audio/webm;codecs=opus"');
  expect(gemini.requestsFor('streamGenerateContent')).toHaveLength(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
