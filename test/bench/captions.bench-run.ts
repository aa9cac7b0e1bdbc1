import { expect, it } from 'vitest';
import { VOICE } from '../../shared/limits';
import { DEFAULT_MODELS } from '../../shared/settings';
import { delay, LIVE_CLOSE, liveScript, type GeminiStep, type ReplyContext } from '../doubles/gemini-double';
import { seenCaptions, watchCaptions, type SeenLine } from '../e2e/support/caption-watch';
import { ROOT } from '../e2e/support/harness-process';
import { startSignedInSession } from '../e2e/support/session';
import { meetingAudio, stretchesOfSpeech, type MeetingAudio } from '../e2e/support/speech-audio';
import { ui } from '../e2e/support/ui-text';
import { buildRenderer } from '../harness/renderer-build';
import { percentile, record } from './measure';

const KEY = 'AIzaSy-bench-captions-0123456789abcdef';
/** Issue 25's doubles: Live translation says each word's translation this long after the audio carrying it... */
const LIVE_TRANSLATION_LAG_MS = 700;
/** ...and the pause-cut path's speech to text and translation take these. */
const STT_MS = 700;
const TRANSLATION_MS = 600;

type Mode = 'streaming' | 'pauses' | 'fixed';

/**
 * The double as speech to text and translator at once, each with its own latency: a request with audio in it is a
 * segment to transcribe (its words: how long it is), any other one a transcript to translate.
 */
function pauseCutReply(): GeminiStep {
  const hasAudio = (context: ReplyContext) => JSON.stringify(context.body).includes('"inlineData"');
  return delay((context) => (hasAudio(context) ? STT_MS : TRANSLATION_MS), {
    kind: 'respond',
    status: 200,
    body: (context: ReplyContext) => {
      const request = JSON.stringify(context.body);
      const audio = /"inlineData":\{"mimeType":"[^"]+","data":"([^"]+)"/.exec(request);
      const text = audio ? `Segment of ${audio[1]!.length} bytes` : 'Translated segment';
      return { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }] };
    },
  });
}

/** Captions the whole meeting in `mode` and returns each line the page showed, with the page's clock at the capture's opening. */
async function caption(meeting: MeetingAudio, mode: Mode) {
  const { harness, page, gemini } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  if (mode === 'streaming') {
    // One utterance of the double a stretch of speech: the app pauses it where the speaker pauses.
    const utterances = stretchesOfSpeech(meeting).map(({ startMs, endMs }, index) => ({
      heard: `Stretch ${index + 1} of the meeting, said in full`,
      translation: `Tramo ${index + 1} de la reunión, dicho entero`,
      speechMs: endMs - startMs,
    }));
    gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveScript({ turns: [], translation: { utterances, lagMs: LIVE_TRANSLATION_LAG_MS } }));
  } else {
    gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveScript({ turns: [], refuseSetup: LIVE_CLOSE.unknownModel(DEFAULT_MODELS.liveTranslate) }));
    gemini.script('generateContent', ...Array.from({ length: 40 }, pauseCutReply));
  }
  await watchCaptions(page);
  if (mode === 'fixed') await page.route('**/vad/**', (route) => route.abort());
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+5');
  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.views.live }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.live.start }).click();
  await page.waitForTimeout(meeting.durationMs + 15_000);

  return seenCaptions(page);
}

/** For each stretch of speech: its line (one a stretch while cut at pauses or streamed; the one around its end when fixed). */
function linesOfStretches(meeting: MeetingAudio, mode: Mode, lines: readonly SeenLine[]): SeenLine[] {
  const stretches = stretchesOfSpeech(meeting);
  if (mode !== 'fixed') expect(lines, `${mode}: one line a stretch of speech`).toHaveLength(stretches.length);
  return stretches.map(({ endMs }, index) => {
    const line = mode === 'fixed' ? lines.filter((candidate) => candidate.startSeconds * 1000 <= endMs).at(-1) : lines[index];
    expect(line?.finalAt, `${mode}: a final line for stretch ${index + 1}`).toEqual(expect.any(Number));
    return line!;
  });
}

it('measures how far live captions trail the speaker: streamed over Live translation against the pause-cut path', async () => {
  const built = await buildRenderer(ROOT);
  if (!built.ok) throw new Error(built.message);
  const meeting = meetingAudio();
  const stretches = stretchesOfSpeech(meeting);

  const streamed = await caption(meeting, 'streaming');
  const streamedLines = linesOfStretches(meeting, 'streaming', streamed.lines);
  const firstWords = streamedLines.map((line, index) => line.firstWordsAt! - (streamed.openedAt + stretches[index]!.startMs));
  const lag = streamedLines.map((line, index) => line.finalAt! - (streamed.openedAt + stretches[index]!.endMs));

  const cut = await caption(meeting, 'pauses');
  const cutLines = linesOfStretches(meeting, 'pauses', cut.lines);
  // Cut at pauses, a line's words all appear at once, when it is translated.
  const cutFirstWords = cutLines.map((line, index) => line.finalAt! - (cut.openedAt + stretches[index]!.startMs));
  const cutLag = cutLines.map((line, index) => line.finalAt! - (cut.openedAt + stretches[index]!.endMs));

  const fixed = await caption(meeting, 'fixed');
  const fixedLag = linesOfStretches(meeting, 'fixed', fixed.lines).map((line, index) => line.finalAt! - (fixed.openedAt + stretches[index]!.endMs));

  record({ name: 'caption_lag_ms_p50', value: percentile(lag, 50), target: '<= 1000' });
  record({ name: 'caption_lag_ms_p95', value: percentile(lag, 95), target: 'reference (streamed, true end to final line)' });
  record({ name: 'caption_first_words_ms_p50', value: percentile(firstWords, 50), target: '<= 1500' });
  record({ name: 'caption_first_words_pause_cut_ms_p50', value: percentile(cutFirstWords, 50), target: `reference (${STT_MS} ms STT + ${TRANSLATION_MS} ms translation)` });
  record({ name: 'caption_lag_ratio', value: percentile(firstWords, 50) / percentile(cutFirstWords, 50), target: '<= 0.4' });
  record({ name: 'caption_delay_ms_p50', value: percentile(cutLag, 50), target: 'reference (cut at pauses, true end to line)' });
  record({ name: 'caption_delay_fixed_segments_ms_p50', value: percentile(fixedLag, 50), target: `reference (${VOICE.liveSegmentMs} ms segments)` });
}, 360_000);
