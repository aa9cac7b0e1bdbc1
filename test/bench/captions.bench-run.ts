import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { VOICE } from '../../shared/limits';
import { ROOT } from '../e2e/support/harness-process';
import { startSignedInSession } from '../e2e/support/session';
import { meetingAudio, stretchesOfSpeech, type MeetingAudio } from '../e2e/support/speech-audio';
import { ui } from '../e2e/support/ui-text';
import { buildRenderer } from '../harness/renderer-build';
import { percentile, record } from './measure';

const KEY = 'AIzaSy-bench-captions-0123456789abcdef';
const MS_PER_SECOND = 1000;

interface Shown {
  /** The line's start on the session's clock, to the second (its <time datetime>). */
  startSeconds: number;
  /** performance.now() in the page when the line's translation appeared. */
  shownAt: number;
}

/**
 * The page's clock when the fake microphone began to play (the capture opened: getUserMedia resolved), and each
 * translated line with the moment it appeared. Instrumentation of the test page only: the app is as shipped.
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // What the script uses of the page; this project's Node typings have no DOM.
    interface PageGlobals {
      captureOpenedAt?: number;
      captionsShown: { datetime: string; shownAt: number }[];
      navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<unknown> } };
      document: { querySelectorAll(selector: string): Iterable<{ querySelector(selector: string): { getAttribute(name: string): string | null } | null }> };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
    }
    const page = globalThis as unknown as PageGlobals;
    page.captionsShown = [];
    const devices = page.navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      page.captureOpenedAt ??= performance.now();
      return stream;
    };
    const seen = new Set<unknown>();
    new page.MutationObserver(() => {
      for (const line of page.document.querySelectorAll('.caption-done')) {
        if (seen.has(line)) continue;
        seen.add(line);
        page.captionsShown.push({ datetime: line.querySelector('time')?.getAttribute('datetime') ?? '', shownAt: performance.now() });
      }
    }).observe(page.document, { subtree: true, childList: true, attributes: true });
  });
}

/** Captions the whole meeting and returns, for each stretch of speech, the ms from its true end to its line on screen. */
async function captionDelays(meeting: MeetingAudio, mode: 'pauses' | 'fixed'): Promise<number[]> {
  const { harness, page } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  await instrument(page);
  if (mode === 'fixed') await page.route('**/vad/**', (route) => route.abort());
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+5');
  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.views.live }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.live.start }).click();
  await page.waitForTimeout(meeting.durationMs + 15_000);

  const { openedAt, shown } = await page.evaluate(() => {
    const record = globalThis as unknown as { captureOpenedAt: number; captionsShown: { datetime: string; shownAt: number }[] };
    return { openedAt: record.captureOpenedAt, shown: record.captionsShown };
  });
  const lines: Shown[] = shown
    .map((line) => ({ startSeconds: Number(/PT(\d+)S/.exec(line.datetime)?.[1]), shownAt: line.shownAt }))
    .sort((a, b) => a.startSeconds - b.startSeconds);
  return stretchesOfSpeech(meeting).map(({ endMs: end }, index) => {
    // The line that carries the group's last words: its own line when cut at pauses, the segment around them when fixed.
    const line =
      mode === 'pauses'
        ? lines[index]
        : lines.filter((candidate) => candidate.startSeconds * MS_PER_SECOND <= end).at(-1);
    expect(line, `a line for stretch of speech ${index + 1} (${mode})`).toBeDefined();
    return line!.shownAt - (openedAt + end);
  });
}

it('measures how soon a live caption follows the words, cut at pauses against the seeds’ fixed segments', async () => {
  const built = await buildRenderer(ROOT);
  if (!built.ok) throw new Error(built.message);
  const meeting = meetingAudio();
  const atPauses = await captionDelays(meeting, 'pauses');
  const fixed = await captionDelays(meeting, 'fixed');
  const delay = percentile(atPauses, 50);
  const baseline = percentile(fixed, 50);
  record({ name: 'caption_delay_ms_p50', value: delay, target: '<= 700' });
  record({ name: 'caption_delay_fixed_segments_ms_p50', value: baseline, target: `reference (${VOICE.liveSegmentMs} ms segments)` });
  record({ name: 'caption_delay_ratio', value: delay / baseline, target: '<= 0.25' });
}, 240_000);
