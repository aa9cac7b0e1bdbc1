import { describe, expect, it } from 'vitest';
import {
  addSegment,
  budgetFreeAt,
  createCaptionSession,
  groupShortSegments,
  lines,
  mergeSegments,
  nextToSend,
  planMerges,
  retrySegment,
  segmentFailed,
  segmentSent,
  segmentSilent,
  segmentTranscribed,
  dropUnfinishedStreamed,
  streamedLine,
  streamedUpTo,
  waitUntil,
  type CaptionSession,
  type SegmentTimes,
} from './captions';
import { TRANSLATE } from './limits';
import { err } from './result';

/** Utterances of `lengthMs` every `everyMs`, named u0, u1, … */
function spoken(count: number, { lengthMs = 2_000, everyMs = 3_000 } = {}): SegmentTimes[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `u${index}`,
    source: 'you',
    startMs: index * everyMs,
    endMs: index * everyMs + lengthMs,
  }));
}

function withSegments(segments: readonly SegmentTimes[]): CaptionSession {
  return segments.reduce(addSegment, createCaptionSession());
}

/** Sends what the session lets go at `now`, as the pane's pump does; returns the session and the ids sent. */
function pump(session: CaptionSession, now: number): { session: CaptionSession; sent: string[] } {
  const sent: string[] = [];
  for (let next = nextToSend(session, now); next; next = nextToSend(session, now)) {
    session = segmentSent(session, next.id, now);
    sent.push(next.id);
  }
  return { session, sent };
}

const reply = (id: string) => ({ transcript: `said ${id}`, translation: `dicho ${id}` });
const rateLimited = (retryAfterMs: number) =>
  err('RATE_LIMITED', 'Slow down.', { retryAfterMs, reason: 'quota' }).error;

describe('T2 live captions: the session', () => {
  it('keeps lines in speaking order when replies arrive out of order', () => {
    let { session } = pump(withSegments(spoken(3)), 0);
    session = segmentTranscribed(session, 'u1', reply('u1'));
    ({ session } = pump(session, 10));
    session = segmentTranscribed(session, 'u2', reply('u2'));
    session = segmentTranscribed(session, 'u0', reply('u0'));
    expect(lines(session).map((line) => [line.id, line.status, line.transcript, line.translation])).toEqual([
      ['u0', 'done', 'said u0', 'dicho u0'],
      ['u1', 'done', 'said u1', 'dicho u1'],
      ['u2', 'done', 'said u2', 'dicho u2'],
    ]);
  });

  it('places a segment handed over late by its start time, and shows waiting lines as translating', () => {
    const [first, second, third] = spoken(3);
    const session = withSegments([first!, third!, second!]);
    expect(lines(session).map((line) => [line.id, line.status])).toEqual([
      ['u0', 'translating'],
      ['u1', 'translating'],
      ['u2', 'translating'],
    ]);
  });

  it('has at most two segments in flight; the others wait and go in speaking order as replies come', () => {
    expect(TRANSLATE.captionsInFlight).toBe(2);
    let { session, sent } = pump(withSegments(spoken(5)), 0);
    expect(sent).toEqual(['u0', 'u1']);
    expect(nextToSend(session, 0)).toBeNull();
    expect(waitUntil(session, 0)).toBeNull();

    session = segmentTranscribed(session, 'u1', reply('u1'));
    ({ session, sent } = pump(session, 100));
    expect(sent).toEqual(['u2']);
    session = segmentTranscribed(session, 'u0', reply('u0'));
    session = segmentTranscribed(session, 'u2', reply('u2'));
    ({ session, sent } = pump(session, 200));
    expect(sent).toEqual(['u3', 'u4']);
    expect(nextToSend(session, 200)).toBeNull();
  });

  it('queues a rate-limited segment again with the wait, and sends it first once the wait is over', () => {
    let { session } = pump(withSegments(spoken(3)), 1_000);
    session = segmentFailed(session, 'u0', rateLimited(4_000), 1_500);
    expect(lines(session).find((line) => line.id === 'u0')).toMatchObject({ status: 'translating' });
    expect(nextToSend(session, 1_500)).toBeNull();
    expect(waitUntil(session, 1_500)).toBe(5_500);
    expect(pump(session, 5_499).sent).toEqual([]);

    const { sent } = pump(session, 5_500);
    expect(sent).toEqual(['u0']);
    expect(waitUntil(session, 5_500)).toBeNull();
  });

  it('removes the line of a silent segment, whether the reply says so or the recorder does', () => {
    let { session } = pump(withSegments(spoken(3)), 0);
    session = segmentTranscribed(session, 'u0', { transcript: '  ', translation: '' });
    session = segmentSilent(session, 'u2');
    expect(lines(session).map((line) => line.id)).toEqual(['u1']);
    expect(pump(session, 0).sent).toEqual([]);
  });

  it('shows a failed line with its error, and Retry sends it again before anything said later', () => {
    let { session } = pump(withSegments(spoken(3)), 0);
    const failure = err('UPSTREAM', 'Gemini did not answer.').error;
    session = segmentFailed(session, 'u0', failure, 100);
    expect(lines(session)[0]).toMatchObject({ id: 'u0', status: 'failed', error: failure });
    expect(pump(session, 100).sent).toEqual(['u2']);

    session = retrySegment(session, 'u0');
    expect(lines(session)[0]).toEqual({
      id: 'u0',
      source: 'you',
      startMs: 0,
      endMs: 2_000,
      status: 'translating',
      streamed: false,
      transcript: '',
      translation: '',
    });
    session = segmentTranscribed(session, 'u1', reply('u1'));
    ({ session } = pump(session, 200));
    expect(lines(session).filter((line) => line.status === 'translating').map((line) => line.id)).toEqual(['u0', 'u2']);
    session = segmentTranscribed(session, 'u0', reply('u0'));
    expect(lines(session)[0]).toMatchObject({ status: 'done', transcript: 'said u0' });
  });

  it('ignores a reply for a segment not awaiting one', () => {
    let { session } = pump(withSegments(spoken(1)), 0);
    session = segmentTranscribed(session, 'u0', reply('u0'));
    const after = segmentFailed(segmentTranscribed(session, 'u0', reply('again')), 'u0', rateLimited(1), 0);
    expect(lines(after)).toEqual(lines(session));
    expect(segmentTranscribed(session, 'unknown', reply('x'))).toBe(session);
  });

  it('refuses what only a bug would do', () => {
    const session = withSegments(spoken(1));
    expect(() => addSegment(session, { id: 'u0', source: 'you' as const, startMs: 5, endMs: 6 })).toThrow();
    expect(() => addSegment(session, { id: 'back', source: 'you' as const, startMs: 5, endMs: 4 })).toThrow();
    expect(() => segmentSent(pump(session, 0).session, 'u0', 0)).toThrow();
  });
});

describe('T2/G9 live captions stay within their own budget', () => {
  const { rateLimitPerMinute: limit, rateLimitWindowMs: windowMs } = TRANSLATE;

  it('a sliding window over send times: the next send is free when the oldest in the window leaves it', () => {
    const sentAt = Array.from({ length: limit }, (_, index) => 1_000 + index * 100);
    expect(budgetFreeAt(sentAt.slice(1), 2_000)).toBe(2_000);
    expect(budgetFreeAt(sentAt, 5_000)).toBe(1_000 + windowMs);
    expect(budgetFreeAt(sentAt, 1_000 + windowMs)).toBe(1_000 + windowMs);
    expect(budgetFreeAt([...sentAt.slice(1), 1_000 + windowMs], 1_000 + windowMs + 50)).toBe(1_100 + windowMs);
  });

  it('a continuous talk of short utterances never sends more than the budget in any window', () => {
    let session = createCaptionSession();
    const sendTimes: number[] = [];
    // An utterance a second for five minutes, each answered 300 ms after it is sent.
    const inFlight: { id: string; answerAt: number }[] = [];
    for (let now = 0; now <= 5 * 60_000; now += 100) {
      if (now % 1_000 === 0) session = addSegment(session, { id: `u${now}`, source: 'you' as const, startMs: now, endMs: now + 900 });
      for (const done of inFlight.filter((flight) => flight.answerAt <= now)) {
        session = segmentTranscribed(session, done.id, reply(done.id));
        inFlight.splice(inFlight.indexOf(done), 1);
      }
      const sent = pump(session, now);
      session = sent.session;
      for (const id of sent.sent) {
        sendTimes.push(now);
        inFlight.push({ id, answerAt: now + 300 });
      }
    }
    const busiest = Math.max(...sendTimes.map((at) => sendTimes.filter((t) => t >= at && t < at + windowMs).length));
    expect(busiest).toBe(limit);
    const waiting = lines(session).filter((line) => line.status === 'translating');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waitUntil(session, 5 * 60_000)).toBeGreaterThan(5 * 60_000);
  });
});

describe('T2 short utterances are merged while they wait', () => {
  const { captionsMergeBelowMs: below, captionsMergeGapMs: gap } = TRANSLATE;

  it('joins a short segment with the next one when the pause between them is short', () => {
    const segments = [
      { id: 'yes', source: 'you' as const, startMs: 0, endMs: below - 100 },
      { id: 'then', source: 'you' as const, startMs: below - 100 + gap - 1, endMs: 5_000 },
      { id: 'later', source: 'you' as const, startMs: 5_100, endMs: 5_200 },
    ];
    expect(groupShortSegments(segments)).toEqual([['yes', 'then']]);
  });

  it('keeps segments apart when the first is long enough or the pause is long', () => {
    const long = { id: 'long', source: 'you' as const, startMs: 0, endMs: below };
    expect(groupShortSegments([long, { id: 'next', source: 'you' as const, startMs: below + 10, endMs: 3_000 }])).toEqual([]);
    const short = { id: 'ok', source: 'you' as const, startMs: 0, endMs: 300 };
    expect(groupShortSegments([short, { id: 'far', source: 'you' as const, startMs: 300 + gap, endMs: 3_000 }])).toEqual([]);
    expect(groupShortSegments([{ id: 'alone', source: 'you' as const, startMs: 0, endMs: 300 }])).toEqual([]);
  });

  it('keeps growing a group while it is still short', () => {
    const burst = [
      { id: 'a', source: 'you' as const, startMs: 0, endMs: 200 },
      { id: 'b', source: 'you' as const, startMs: 400, endMs: 600 },
      { id: 'c', source: 'you' as const, startMs: 700, endMs: 2_000 },
      { id: 'd', source: 'you' as const, startMs: 2_100, endMs: 2_300 },
    ];
    expect(groupShortSegments(burst)).toEqual([['a', 'b', 'c']]);
  });

  it('plans merges only among neighbouring waiting segments, and a merge makes one waiting line', () => {
    let session = withSegments([
      { id: 'a', source: 'you' as const, startMs: 0, endMs: 300 },
      { id: 'b', source: 'you' as const, startMs: 500, endMs: 700 },
      { id: 'c', source: 'you' as const, startMs: 900, endMs: 1_000 },
      { id: 'd', source: 'you' as const, startMs: 1_200, endMs: 1_300 },
      { id: 'e', source: 'you' as const, startMs: 1_500, endMs: 1_600 },
    ]);
    ({ session } = pump(session, 0));
    // a and b are in flight; a 429 sends a back to wait, with b in flight between it and c.
    session = segmentFailed(session, 'a', rateLimited(1_000), 10);
    expect(planMerges(session)).toEqual([['c', 'd', 'e']]);

    session = mergeSegments(session, ['c', 'd', 'e']);
    expect(lines(session).map((line) => [line.id, line.startMs, line.endMs, line.status])).toEqual([
      ['a', 0, 300, 'translating'],
      ['b', 500, 700, 'translating'],
      ['c', 900, 1_600, 'translating'],
    ]);
    expect(() => mergeSegments(session, ['a', 'c'])).toThrow();
    expect(() => mergeSegments(session, ['c', 'ghost'])).toThrow();
  });
});

describe('issue 25: streamed lines', () => {
  const live = (id: string, startMs: number, transcript: string, final = false, source: 'you' | 'others' = 'others') => ({
    id,
    source,
    startMs,
    endMs: startMs + 1_000,
    transcript,
    translation: transcript.toUpperCase(),
    final,
  });

  it('LC1: a line grows while spoken, and once final nothing sent for it changes it again', () => {
    let session = streamedLine(createCaptionSession(), live('a', 0, 'The quarterly'));
    expect(lines(session).map((line) => [line.transcript, line.status])).toEqual([['The quarterly', 'live']]);
    session = streamedLine(session, live('a', 0, 'The quarterly report is ready.', true));
    const final = lines(session);
    session = streamedLine(session, live('a', 0, 'The quarterly report is ready. Thanks', false));
    session = streamedLine(session, live('a', 0, '', true));
    expect(lines(session)).toEqual(final);
    expect(final.map((line) => [line.transcript, line.translation, line.status])).toEqual([
      ['The quarterly report is ready.', 'THE QUARTERLY REPORT IS READY.', 'done'],
    ]);
  });

  it('LC3: both sources and both paths share one timeline in speaking order', () => {
    let session = addSegment(createCaptionSession(), { id: 'cut', source: 'you' as const, startMs: 1_500, endMs: 2_500 });
    session = streamedLine(session, live('late', 3_000, 'Later', false, 'others'));
    session = streamedLine(session, live('early', 500, 'Earlier', true, 'others'));
    expect(lines(session).map((line) => [line.id, line.source])).toEqual([
      ['early', 'others'],
      ['cut', 'you'],
      ['late', 'others'],
    ]);
  });

  it('a final line that heard nothing is not shown', () => {
    const session = streamedLine(createCaptionSession(), live('quiet', 0, '', true));
    expect(lines(session)).toEqual([]);
  });

  it('when streaming ends early, one source’s unfinished lines go and its final ones stay, with where they end', () => {
    let session = streamedLine(createCaptionSession(), live('done', 0, 'Done', true));
    session = streamedLine(session, live('open', 2_000, 'Half a sen'));
    session = streamedLine(session, live('mine', 2_500, 'Mine', false, 'you'));
    expect(streamedUpTo(session, 'others')).toBe(1_000);
    session = dropUnfinishedStreamed(session, 'others');
    expect(lines(session).map((line) => line.id)).toEqual(['done', 'mine']);
  });

  it('never joins two short segments of different speakers', () => {
    const session = withSegments([
      { id: 'yes', source: 'you' as const, startMs: 0, endMs: 300 },
      { id: 'no', source: 'others', startMs: 500, endMs: 700 },
      { id: 'ok', source: 'others', startMs: 900, endMs: 1_000 },
    ]);
    expect(planMerges(session)).toEqual([['no', 'ok']]);
  });
});
