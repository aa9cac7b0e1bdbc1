import { TRANSLATE } from './limits';
import type { CaptionSource, StreamedLine } from './live-captions';
import type { AppError } from './result';
import { slidingWindowFreeAt } from './sliding-window';

/**
 * Live captions (T2, issue 13) as plain data: each function returns a new session and leaves the one it was given
 * alone, so the pane keeps it in React state and replies may arrive in any order. A segment is an utterance the
 * recorder cut from speech; its times are milliseconds since the session started. `now` is the caller's clock
 * (any monotonic milliseconds, the same in every call): it only decides when the next segment may go.
 */

export interface SegmentTimes {
  readonly id: string;
  /** Whose speech it is: a pause-cut segment is never joined with the other source's. */
  readonly source: CaptionSource;
  readonly startMs: number;
  readonly endMs: number;
}

/** waiting: queued to be sent; sending: awaiting its reply. */
type Phase = 'waiting' | 'sending' | 'done' | 'failed';

export interface CaptionSegment extends SegmentTimes {
  readonly phase: Phase;
  readonly transcript: string;
  readonly translation: string;
  readonly error?: AppError;
}

export interface CaptionSession {
  /** In speaking order (by startMs). */
  readonly segments: readonly CaptionSegment[];
  /** Lines streamed over Live translation (issue 25), as main last sent each, in speaking order. */
  readonly streamed: readonly StreamedLine[];
  /** When segments were sent, oldest first, only those still inside the budget's window. */
  readonly sentAt: readonly number[];
  /** A rate-limited reply's retryAfterMs: nothing is sent before this. */
  readonly heldUntil: number;
}

/** live: a streamed line still being spoken and translated; its words grow, and it is done once final. */
export type CaptionStatus = 'live' | 'translating' | 'done' | 'failed';

export interface CaptionLine {
  readonly id: string;
  readonly source: CaptionSource;
  readonly startMs: number;
  readonly endMs: number;
  /** translating covers both waiting to be sent and awaiting the reply: the member sees the line is coming. */
  readonly status: CaptionStatus;
  /** Empty until done, but for a live line: the words so far. */
  readonly transcript: string;
  readonly translation: string;
  /** With failed: why, for "not translated" and its Retry. */
  readonly error?: AppError;
  /** Streamed over Live translation, which speaks it too; else a pause-cut segment's line. */
  readonly streamed: boolean;
}

/**
 * A translation that only repeats the words heard (speech already in the target language): the line is shown and
 * kept once. Case, punctuation and spacing aside, as a transcript and a model's rendering of it differ in those.
 */
export function sameWords(transcript: string, translation: string): boolean {
  const words = (text: string) => text.toLocaleLowerCase().replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
  const heard = words(transcript);
  return heard !== '' && heard === words(translation);
}

export function createCaptionSession(): CaptionSession {
  return { segments: [], streamed: [], sentAt: [], heldUntil: 0 };
}

/** A new utterance, waiting its turn; it takes its place by startMs, whenever the recorder hands it over. */
export function addSegment(session: CaptionSession, segment: SegmentTimes): CaptionSession {
  const { id, source, startMs, endMs } = segment;
  if (session.segments.some((existing) => existing.id === id)) {
    throw new Error(`Caption segment ${id} was added twice.`);
  }
  if (!(startMs >= 0 && endMs >= startMs && Number.isFinite(endMs))) {
    throw new Error(`Caption segment ${id} has impossible times ${startMs}..${endMs}.`);
  }
  const added: CaptionSegment = { id, source, startMs, endMs, phase: 'waiting', transcript: '', translation: '' };
  const after = session.segments.findIndex((existing) => existing.startMs > startMs);
  const at = after === -1 ? session.segments.length : after;
  return { ...session, segments: [...session.segments.slice(0, at), added, ...session.segments.slice(at)] };
}

/**
 * The earliest time, not before `now`, at which one more send keeps within TRANSLATE.rateLimitPerMinute sends in
 * any TRANSLATE.rateLimitWindowMs (the sliding window main's limiter applies to this budget); `now` itself when
 * sending now is within the budget. `sentAt` is oldest first.
 */
export function budgetFreeAt(sentAt: readonly number[], now: number): number {
  return slidingWindowFreeAt(sentAt, now, TRANSLATE.rateLimitPerMinute, TRANSLATE.rateLimitWindowMs);
}

/**
 * The earliest waiting segment in speaking order, when one may go now: a slot of TRANSLATE.captionsInFlight is free,
 * no 429 holds, the budget allows.
 */
export function nextToSend(session: CaptionSession, now: number): SegmentTimes | null {
  const inFlight = session.segments.filter((segment) => segment.phase === 'sending').length;
  if (inFlight >= TRANSLATE.captionsInFlight || now < session.heldUntil) return null;
  if (budgetFreeAt(session.sentAt, now) > now) return null;
  const next = session.segments.find((segment) => segment.phase === 'waiting');
  return next ? { id: next.id, source: next.source, startMs: next.startMs, endMs: next.endMs } : null;
}

/**
 * When something waits but a 429 or the budget holds it: the time it may go, on the caller's clock, to count down
 * and to wake up at. Null when nothing waits, or only for a free slot (a reply will free one).
 */
export function waitUntil(session: CaptionSession, now: number): number | null {
  if (!session.segments.some((segment) => segment.phase === 'waiting')) return null;
  const at = Math.max(session.heldUntil, budgetFreeAt(session.sentAt, now));
  return at > now ? at : null;
}

/** The segment went out; it counts against the budget from `now`. Only a waiting segment can be sent. */
export function segmentSent(session: CaptionSession, id: string, now: number): CaptionSession {
  const segment = session.segments.find((candidate) => candidate.id === id);
  if (segment?.phase !== 'waiting') throw new Error(`Caption segment ${id} is not waiting to be sent.`);
  return {
    ...session,
    segments: replace(session.segments, id, { ...segment, phase: 'sending' }),
    sentAt: [...session.sentAt.filter((at) => at > now - TRANSLATE.rateLimitWindowMs), now],
  };
}

/**
 * The reply. An empty transcript is silence (T2): the line goes, as with segmentSilent. A reply for a segment that
 * is not awaiting one (answered already, or removed) changes nothing, and so for segmentFailed.
 */
export function segmentTranscribed(
  session: CaptionSession,
  id: string,
  reply: { transcript: string; translation: string },
): CaptionSession {
  const segment = sending(session, id);
  if (!segment) return session;
  if (reply.transcript.trim() === '') return segmentSilent(session, id);
  // Only the text: the reply may carry the spoken translation's audio, which the player takes, not the session.
  const { transcript, translation } = reply;
  const done: CaptionSegment = { ...segment, phase: 'done', transcript, translation };
  return { ...session, segments: replace(session.segments, id, done) };
}

/** The segment held no speech, whatever its phase: its line disappears. */
export function segmentSilent(session: CaptionSession, id: string): CaptionSession {
  return { ...session, segments: session.segments.filter((segment) => segment.id !== id) };
}

/**
 * A failed reply. RATE_LIMITED with retryAfterMs (a 429, ours or Gemini's) queues the segment again in its place
 * and holds every send until `now + retryAfterMs`: the caption is late, never dropped. Its send stays counted, which
 * can only make the next wait longer than main's. Anything else fails the line, for Retry.
 */
export function segmentFailed(session: CaptionSession, id: string, error: AppError, now: number): CaptionSession {
  const segment = sending(session, id);
  if (!segment) return session;
  if (error.code === 'RATE_LIMITED' && error.retryAfterMs !== undefined) {
    return {
      ...session,
      segments: replace(session.segments, id, { ...segment, phase: 'waiting' }),
      heldUntil: Math.max(session.heldUntil, now + error.retryAfterMs),
    };
  }
  return { ...session, segments: replace(session.segments, id, { ...segment, phase: 'failed', error }) };
}

/** Retry on a failed line: it waits again, in its speaking-order place, so it goes before anything said later. */
export function retrySegment(session: CaptionSession, id: string): CaptionSession {
  const segment = session.segments.find((candidate) => candidate.id === id);
  if (segment?.phase !== 'failed') return session;
  const { error: _error, ...rest } = segment;
  return { ...session, segments: replace(session.segments, id, { ...rest, phase: 'waiting' }) };
}

/**
 * A streamed line as main sent it now (whole). Once final it never changes again: a late or repeated message for it
 * is ignored, whatever it says (LC1). A new line takes its place by startMs.
 */
export function streamedLine(session: CaptionSession, line: StreamedLine): CaptionSession {
  const at = session.streamed.findIndex((existing) => existing.id === line.id);
  if (at >= 0) {
    if (session.streamed[at]!.final) return session;
    return { ...session, streamed: session.streamed.map((existing, index) => (index === at ? line : existing)) };
  }
  const after = session.streamed.findIndex((existing) => existing.startMs > line.startMs);
  const into = after === -1 ? session.streamed.length : after;
  return { ...session, streamed: [...session.streamed.slice(0, into), line, ...session.streamed.slice(into)] };
}

/**
 * Streaming ended for `source` before these lines were final (Live translation became unavailable): they go, and
 * the pause-cut path captions their audio again from the last final line's end.
 */
export function dropUnfinishedStreamed(session: CaptionSession, source: CaptionSource): CaptionSession {
  return { ...session, streamed: session.streamed.filter((line) => line.final || line.source !== source) };
}

/** Where `source`'s final streamed lines end: audio after it is not in any final line. */
export function streamedUpTo(session: CaptionSession, source: CaptionSource): number {
  return session.streamed.reduce((end, line) => (line.final && line.source === source ? Math.max(end, line.endMs) : end), 0);
}

/** What the pane shows, both sources and both paths in one timeline, in speaking order whatever order replies came in. */
export function lines(session: CaptionSession): CaptionLine[] {
  const cut: CaptionLine[] = session.segments.map(({ phase, ...line }) => ({
    ...line,
    status: phase === 'done' || phase === 'failed' ? phase : 'translating',
    streamed: false,
  }));
  const streamed: CaptionLine[] = session.streamed
    // A final line with no words held no speech the model could make out: nothing to show, as a silent segment.
    .filter((line) => !line.final || line.transcript.trim() !== '' || line.translation.trim() !== '')
    .map(({ final, ...line }) => ({ ...line, status: final ? 'done' : 'live', streamed: true }));
  // Stable: at the same start, the pause-cut line (said first) stays first.
  return [...cut, ...streamed].sort((a, b) => a.startMs - b.startMs);
}

/**
 * Which waiting segments to send as one, given their times. `run` is waiting segments in speaking order with
 * nothing else said between two neighbours. A group grows while it lasts less than TRANSLATE.captionsMergeBelowMs
 * and the next segment starts less than TRANSLATE.captionsMergeGapMs after it ends, so a merged segment is at most
 * one recorder segment plus under 2.3 s. Only segments already waiting are joined: none is held back for a next
 * utterance that may never come, so merging costs no delay. Returns the groups of two or more ids, in order.
 */
export function groupShortSegments(run: readonly SegmentTimes[]): string[][] {
  const groups: SegmentTimes[][] = [];
  for (const segment of run) {
    const group = groups.at(-1);
    const first = group?.[0];
    const last = group?.at(-1);
    const short = first && last && last.endMs - first.startMs < TRANSLATE.captionsMergeBelowMs;
    if (group && short && segment.startMs - last.endMs < TRANSLATE.captionsMergeGapMs) group.push(segment);
    else groups.push([segment]);
  }
  return groups.filter((group) => group.length > 1).map((group) => group.map((segment) => segment.id));
}

/**
 * The merges the session's queue calls for: groupShortSegments over each run of neighbouring waiting segments.
 * The recorder joins each group's audio (it alone can: a fixed-segment opus file cannot be joined, so that mode
 * simply does not merge), then mergeSegments joins their lines.
 */
export function planMerges(session: CaptionSession): string[][] {
  const runs: CaptionSegment[][] = [[]];
  for (const segment of session.segments) {
    const run = runs.at(-1)!;
    // A run is one speaker's: what the other source said between two segments keeps them apart.
    const sameSource = run.length === 0 || run[0]!.source === segment.source;
    if (segment.phase === 'waiting' && sameSource) run.push(segment);
    else if (segment.phase === 'waiting') runs.push([segment]);
    else if (run.length > 0) runs.push([]);
  }
  return runs.flatMap(groupShortSegments);
}

/** One waiting segment in place of `ids` (neighbouring waiting segments, in order); it keeps the first id. */
export function mergeSegments(session: CaptionSession, ids: readonly string[]): CaptionSession {
  const at = session.segments.findIndex((segment) => segment.id === ids[0]);
  const group = session.segments.slice(at, at + ids.length);
  const neighbours = group.every((segment, index) => segment.id === ids[index] && segment.phase === 'waiting');
  if (ids.length < 2 || at < 0 || group.length < ids.length || !neighbours) {
    throw new Error(`Caption segments ${ids.join(', ')} are not neighbouring waiting segments.`);
  }
  const merged: CaptionSegment = { ...group[0]!, endMs: Math.max(...group.map((segment) => segment.endMs)) };
  const segments = [...session.segments.slice(0, at), merged, ...session.segments.slice(at + ids.length)];
  return { ...session, segments };
}

function sending(session: CaptionSession, id: string): CaptionSegment | undefined {
  return session.segments.find((segment) => segment.id === id && segment.phase === 'sending');
}

function replace(segments: readonly CaptionSegment[], id: string, next: CaptionSegment): CaptionSegment[] {
  return segments.map((segment) => (segment.id === id ? next : segment));
}
