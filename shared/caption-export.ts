import { sameWords, type CaptionLine } from './captions';
import type { CaptionSource } from './live-captions';

/**
 * Keeping a meeting's transcript (issue 13): SubRip and plain text, timed from the session start. Only the member's
 * export writes them anywhere. Lines still being translated or not translated have no text to keep and are left out.
 */

export interface CaptionExportOptions {
  readonly original: boolean;
  readonly translation: boolean;
  /**
   * Who spoke, in the member's language ("You", "Others"), before each line's first text: given when both sides of
   * a meeting were captioned (issue 25), so the file says who said what as the pane did.
   */
  readonly speaker?: (source: CaptionSource) => string;
}

export interface SrtCue {
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly lines: readonly string[];
}

const BOTH: CaptionExportOptions = { original: true, translation: true };
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const SRT_TIME = String.raw`(\d{2,}):(\d{2}):(\d{2}),(\d{3})`;
const SRT_TIMING = new RegExp(`^${SRT_TIME} --> ${SRT_TIME}(?:\\s|$)`);

/**
 * `lines` in speaking order, as lines() gives them. Cues numbered from 1, the original above its translation. A
 * cue ends no later than the next one starts, so the timestamps never go back even where segments overlap.
 */
export function captionsToSrt(lines: readonly CaptionLine[], options: CaptionExportOptions = BOTH): string {
  const kept = keptLines(lines, options);
  return kept
    .map(({ line, texts }, index) => {
      const next = kept[index + 1]?.line.startMs ?? Infinity;
      const endMs = Math.max(line.startMs, Math.min(line.endMs, next));
      return [String(index + 1), `${srtTime(line.startMs)} --> ${srtTime(endMs)}`, ...texts].join('\n') + '\n';
    })
    .join('\n');
}

/** One block a line: `[mm:ss] original` then `→ translation` (or either alone), blocks apart by a blank line. */
export function captionsToText(lines: readonly CaptionLine[], options: CaptionExportOptions = BOTH): string {
  return keptLines(lines, options)
    .map(({ line, texts }) => {
      const [first, second] = texts;
      const shown = second === undefined ? [first] : [first, `→ ${second}`];
      return `[${clockTime(line.startMs)}] ${shown.join('\n')}\n`;
    })
    .join('\n');
}

/** Reads SubRip back (CRLF or LF, a BOM, extra blank lines). Only for text that is SRT: anything else is a bug. */
export function parseSrt(text: string): SrtCue[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks.map((block) => {
    const [index = '', timing = '', ...cueLines] = block.split('\n');
    const times = SRT_TIMING.exec(timing);
    if (!/^\d+$/.test(index) || !times) throw new Error(`Not an SRT cue: ${JSON.stringify(block.slice(0, 80))}`);
    const [startMs, endMs] = [srtMs(times.slice(1, 5)), srtMs(times.slice(5, 9))];
    return { index: Number(index), startMs, endMs, lines: cueLines };
  });
}

/**
 * Done lines with something to show in the chosen languages, each text on one line (a blank one ends an SRT cue),
 * the first led by its speaker when the options name them.
 */
function keptLines(lines: readonly CaptionLine[], options: CaptionExportOptions) {
  return lines
    .filter((line) => line.status === 'done')
    .map((line) => {
      // Both asked for, a translation that repeats the words is kept once, as the pane shows it.
      const repeated = options.original && sameWords(line.transcript, line.translation);
      const texts = [options.original ? line.transcript : '', options.translation && !repeated ? line.translation : '']
        .map((text) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim())
        .filter(Boolean);
      const [first, ...rest] = texts;
      const speaker = options.speaker?.(line.source);
      return { line, texts: first === undefined || speaker === undefined ? texts : [`${speaker}: ${first}`, ...rest] };
    })
    .filter(({ texts }) => texts.length > 0);
}

function srtTime(ms: number): string {
  const whole = Math.round(ms);
  const hours = Math.floor(whole / HOUR_MS);
  const minutes = Math.floor((whole % HOUR_MS) / MINUTE_MS);
  const seconds = Math.floor((whole % MINUTE_MS) / SECOND_MS);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)},${pad(whole % SECOND_MS, 3)}`;
}

/** The hours, minutes, seconds and milliseconds of an SRT time, as the timing pattern captured them. */
function srtMs([hours, minutes, seconds, millis]: readonly string[]): number {
  return Number(hours) * HOUR_MS + Number(minutes) * MINUTE_MS + Number(seconds) * SECOND_MS + Number(millis);
}

/** mm:ss, or h:mm:ss from the first hour on: a line's time since the session start, on screen as in the text export. */
export function clockTime(ms: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = pad(Math.floor((ms % HOUR_MS) / MINUTE_MS), 2);
  const seconds = pad(Math.floor((ms % MINUTE_MS) / SECOND_MS), 2);
  return hours > 0 ? `${hours}:${minutes}:${seconds}` : `${minutes}:${seconds}`;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
