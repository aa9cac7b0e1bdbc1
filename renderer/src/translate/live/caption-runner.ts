import {
  addSegment,
  createCaptionSession,
  dropUnfinishedStreamed,
  mergeSegments,
  nextToSend,
  planMerges,
  retrySegment,
  segmentFailed,
  segmentSent,
  segmentTranscribed,
  streamedLine,
  streamedUpTo,
  waitUntil,
  type CaptionSession,
} from '../../../../shared/captions';
import type { AppApi } from '../../../../shared/ipc/app-api';
import { CAPTION_SOURCES, type CaptionSource, type CaptionStreamState } from '../../../../shared/live-captions';
import type { Result } from '../../../../shared/result';
import type { TranslateSegmentOutput, TranslationLang } from '../../../../shared/translate';
import type { MicrophoneProblem } from '../../audio/microphone-problem';
import type { CaptureKit } from '../../audio/capture-context';
import type { CaptionInput } from '../../audio/caption-input';
import type { SegmentCutter } from '../../audio/segment-cutter';
import type { SpeechCapture, SpeechCaptureEvent } from '../../audio/speech-capture';
import type { SpeechSegment } from '../../audio/segment-cutter';
import { createCaptionStream, type CaptionStream, type CaptionStreamEnd } from './caption-stream';

export interface CaptionLanguages {
  readonly to: TranslationLang;
  /** Null: the model tells what is spoken. */
  readonly from: TranslationLang | null;
}

/** What each side of the meeting is heard through, chosen at Start: at least one of the two. */
export type CaptionInputs = Readonly<Partial<Record<CaptionSource, CaptionInput>>>;

/** idle: no session (none yet, or cleared); stopped: nothing is recorded any more, the lines stay. */
export type SessionStatus = 'idle' | 'starting' | 'listening' | 'paused' | 'stopped';

/** The input is open or being opened: the session's setup cannot change, nor can its lines be cleared. */
export function sessionActive(status: SessionStatus): boolean {
  return status === 'starting' || status === 'listening' || status === 'paused';
}

/**
 * How a source is captioned (issue 25): streamed to Live translation; cut at pauses, each utterance transcribed
 * then translated (T2); or the seeds' fixed segments, where no voice detection runs.
 */
export type CaptionMode = 'streaming' | 'pauses' | 'fixed';

export interface SourceState {
  readonly input: CaptionInput;
  /** Null until known: the voice detection is still loading. */
  readonly mode: CaptionMode | null;
  /** While streaming: main's connection to Live translation, and the audio it has sent. */
  readonly stream: CaptionStreamState | null;
  /** Why streaming gave way to the pause-cut path (the failure's kind), when it did. */
  readonly fallback: string | null;
}

export type CaptionProblem =
  /** An input could not be opened: the session did not start. */
  | { readonly kind: 'start'; readonly input: CaptionInput; readonly problem: MicrophoneProblem | 'system_audio_unavailable' }
  /** An input ended on its own (the device went away): the session stopped, its lines stay. */
  | { readonly kind: 'ended'; readonly reason: 'device_lost' | 'error' };

/** Waiting lines are held: by a Gemini 429 until its retryAfterMs, or by the captions' own budget. */
export interface CaptionWait {
  /** Epoch milliseconds. */
  readonly until: number;
  readonly cause: 'rate_limited' | 'budget';
}

export interface CaptionRun {
  readonly status: SessionStatus;
  readonly problem: CaptionProblem | null;
  readonly session: CaptionSession;
  /** The session's languages, chosen at Start: a Retry translates into the same language as the lines around it. */
  readonly languages: CaptionLanguages | null;
  /** What the session listens to, chosen at Start. */
  readonly inputs: CaptionInputs | null;
  /** Each source of the session as it runs (kept after Stop). */
  readonly sources: Readonly<Partial<Record<CaptionSource, SourceState>>>;
  /** Epoch milliseconds when the session started: the transcript's file is named after it, lines are timed from it. */
  readonly startedAt: number | null;
  /** Epoch milliseconds of Stop (or of the input's end): the meeting's notes say how long it lasted. */
  readonly stoppedAt: number | null;
  readonly wait: CaptionWait | null;
}

export const NO_CAPTIONS: CaptionRun = {
  status: 'idle',
  problem: null,
  session: createCaptionSession(),
  languages: null,
  inputs: null,
  sources: {},
  startedAt: null,
  stoppedAt: null,
  wait: null,
};

export interface CaptionRunnerDeps extends CaptureKit {
  readonly api: AppApi;
  /** Epoch milliseconds: the same clock as a wait's countdown. */
  now(): number;
  /** Calls `callback` once after `ms`, unless the returned function is called first. */
  after(ms: number, callback: () => void): () => void;
  /** The translation's speech streamed by Live translation for the source that is heard aloud. */
  speech(pcm: Uint8Array): void;
  /** False when the machine's policy switched spoken answers off (issue 28): then no speech is asked for at all. */
  speechAllowed(): boolean;
}

export interface CaptionRunner {
  /** A new session: the previous one's lines go, and any of its work still in main is cancelled. */
  start(inputs: CaptionInputs, languages: CaptionLanguages): Promise<void>;
  pause(): void;
  resume(): void;
  /**
   * Nothing more is recorded and the inputs are released. What was said before Stop is still captioned (the
   * utterance in progress among it): the member wants the last line, and a caption is never dropped.
   */
  stop(): void;
  /** Forgets a stopped session's lines. */
  clear(): void;
  retry(id: string): void;
  /** The page goes (the pane closed, the member signed out): the inputs are released, main's work cancelled. */
  dispose(): void;
}

/** One side of the meeting while the session runs. */
interface Side {
  readonly source: CaptionSource;
  capture: SpeechCapture | null;
  /** Streaming: what the capture hears goes to main. */
  stream: CaptionStream | null;
  /** Else: what the capture hears is cut into segments, each transcribed then translated. */
  cutter: SegmentCutter | null;
  /** The pause-cut path's length caps, for a capture still opening when streaming gave way. */
  capped: boolean;
}

/** The side whose translation is heard aloud: the other people in the meeting, or the only side there is. */
function spokenSide(inputs: CaptionInputs): CaptionSource {
  return inputs.others ? 'others' : 'you';
}

/**
 * One live-captions session at a time (T2, issues 13 and 25), with up to two sides of a meeting ("You": the
 * microphone; "Others": the computer's audio) in one timeline. Each side's capture starts at Start and streams the
 * speech it hears to a Live translation session in main; where Live translation cannot serve (or no voice detection
 * runs), that side is captioned by the pause-cut path instead (each utterance transcribed then translated, two in
 * flight within the budget, short ones joined), from where streaming left off, so nothing said is lost or said twice.
 * Audio is held in memory only until its line is final (or, for a failed line, until the session is forgotten).
 */
export function createCaptionRunner(deps: CaptionRunnerDeps, onChange: (run: CaptionRun) => void): CaptionRunner {
  let run: CaptionRun = NO_CAPTIONS;
  let session = run.session;
  let sides: Side[] = [];
  /** Bumped whenever a session is forgotten: late answers for it are then ignored. */
  let generation = 0;
  const audio = new Map<string, SpeechSegment>();
  /** Segment id to the requestId it went with. */
  const sending = new Map<string, string>();
  let cancelWake = () => {};

  function publish(change: Partial<CaptionRun> = {}): void {
    run = { ...run, ...change, session };
    onChange(run);
  }

  function updateSource(source: CaptionSource, change: Partial<SourceState>): void {
    const current = run.sources[source];
    if (current) publish({ sources: { ...run.sources, [source]: { ...current, ...change } } });
  }

  function forget(): void {
    generation += 1;
    for (const requestId of sending.values()) void deps.api.translate.cancelSegment({ requestId });
    sending.clear();
    audio.clear();
    cancelWake();
    for (const side of sides) side.stream?.cancel();
    session = createCaptionSession();
  }

  function joinWaiting(): void {
    for (const ids of planMerges(session)) {
      const joined = deps.join(ids.map((id) => audio.get(id)!));
      session = mergeSegments(session, ids);
      ids.forEach((id) => audio.delete(id));
      audio.set(ids[0]!, joined);
    }
  }

  /** Sends what may go now, and wakes up when what waits may go next. */
  function pump(): void {
    cancelWake();
    joinWaiting();
    const now = deps.now();
    for (let next = nextToSend(session, now); next; next = nextToSend(session, now)) {
      session = segmentSent(session, next.id, now);
      void send(next.id);
    }
    const until = waitUntil(session, now);
    if (until !== null) cancelWake = deps.after(until - now, pump);
    publish({ wait: until === null ? null : { until, cause: session.heldUntil >= until ? 'rate_limited' : 'budget' } });
  }

  async function send(id: string): Promise<void> {
    const asked = generation;
    const requestId = crypto.randomUUID();
    const { to, from } = run.languages!;
    sending.set(id, requestId);
    const input = { audio: audio.get(id)!.audio, to, ...(from === null ? {} : { from }), requestId };
    const result: Result<TranslateSegmentOutput> = await deps.api.translate.segment(input);
    if (asked !== generation) return;
    sending.delete(id);
    if (result.ok) {
      session = segmentTranscribed(session, id, result.value);
      audio.delete(id);
    } else {
      session = segmentFailed(session, id, result.error, deps.now());
    }
    pump();
  }

  function cutterFor(side: Side, asked: number): SegmentCutter {
    return deps.cutter((segment) => {
      if (asked !== generation) return;
      audio.set(segment.id, segment);
      session = addSegment(session, { id: segment.id, source: side.source, startMs: segment.startMs, endMs: segment.endMs });
      pump();
    });
  }

  /** What the side's capture heard: to main while streaming, else into segments. */
  function heard(side: Side, asked: number, event: SpeechCaptureEvent): void {
    if (asked !== generation) return;
    if (event.kind === 'detector') {
      if (event.ready) {
        // Without a stream (captioned into the language spoken, or streaming already gave way), it is cut at pauses.
        updateSource(side.source, { mode: side.stream ? 'streaming' : 'pauses' });
        return;
      }
      // No voice detection: silence cannot be told apart, so nothing streams; the seeds' fixed segments caption it.
      side.stream?.cancel();
      side.stream = null;
      side.cutter ??= cutterFor(side, asked);
      updateSource(side.source, { mode: 'fixed', stream: null });
    }
    if (side.stream) side.stream.take(event);
    else side.cutter?.take(event);
  }

  /** Streaming ended before Stop: the side goes on by the pause-cut path from where the final lines end. */
  function streamEnded(side: Side, asked: number, end: CaptionStreamEnd): void {
    if (asked !== generation || !side.stream) return;
    const stream = side.stream;
    side.stream = null;
    if (end.kind === 'stopped') return updateSource(side.source, { stream: null });
    const reason = end.kind === 'unavailable' ? end.reason : (end.error.reason ?? end.error.code);
    const from = streamedUpTo(session, side.source);
    session = dropUnfinishedStreamed(session, side.source);
    const cutter = (side.cutter = cutterFor(side, asked));
    side.capped = true;
    side.capture?.setCaps(deps.pauseCaps);
    for (const event of stream.unheard(from)) cutter.take(event);
    // Stopped meanwhile: the capture has handed out everything, the last stretch included.
    if (!sessionActive(run.status)) cutter.flush();
    updateSource(side.source, { mode: 'pauses', stream: null, fallback: reason });
    pump();
  }

  function streamFor(side: Side, asked: number, languages: CaptionLanguages, speak: boolean): CaptionStream {
    const input = { source: side.source, to: languages.to, ...(languages.from === null ? {} : { from: languages.from }), speak };
    return createCaptionStream(deps.api, input, {
      line: (line) => {
        if (asked !== generation) return;
        // Main names a line within its stream: the side keeps the two streams' lines apart.
        session = streamedLine(session, { ...line, id: `${side.source}-${line.id}` });
        if (line.final) side.stream?.settled(streamedUpTo(session, side.source));
        publish();
      },
      audio: (pcm) => {
        if (asked === generation) deps.speech(pcm);
      },
      state: (state) => {
        if (asked === generation) updateSource(side.source, { stream: state });
      },
      ended: (end) => streamEnded(side, asked, end),
    });
  }

  function ended(asked: number, reason: 'device_lost' | 'error'): void {
    if (asked !== generation || !sessionActive(run.status)) return;
    // The lost side has handed over what it heard and let its input go; the other side stops with it.
    finishSides();
    publish({ status: 'stopped', problem: { kind: 'ended', reason }, stoppedAt: deps.now() });
  }

  /** Every side stops listening and lets its input go; what it heard is still captioned. */
  function finishSides(): void {
    const stopping = sides;
    sides = [];
    for (const side of stopping) {
      const capture = side.capture;
      side.capture = null;
      void (capture ? capture.stop() : Promise.resolve()).then(() => {
        side.cutter?.flush();
        side.stream?.end();
      });
    }
  }

  return {
    async start(inputs, languages) {
      if (sessionActive(run.status)) return;
      forget();
      const asked = generation;
      const startedAt = deps.now();
      const chosen = CAPTION_SOURCES.filter((source) => inputs[source] !== undefined);
      const sources = Object.fromEntries(
        chosen.map((source) => [source, { input: inputs[source]!, mode: null, stream: null, fallback: null } satisfies SourceState]),
      );
      publish({ status: 'starting', problem: null, languages, inputs, sources, startedAt, stoppedAt: null, wait: null });
      sides = chosen.map((source) => ({ source, capture: null, stream: null, cutter: null, capped: false }));
      // Live translation connects while the inputs open and the voice detection loads: no word waits for either. The
      // heard side's speech is always asked for: the model makes it anyway, and it may be turned on mid-meeting.
      // Captioned into the language spoken, there is nothing to translate: each stretch is only transcribed, at its
      // pauses, since Live translation would translate it.
      const translating = languages.from !== languages.to;
      for (const side of sides) {
        if (translating) side.stream = streamFor(side, asked, languages, deps.speechAllowed() && side.source === spokenSide(inputs));
        else {
          side.cutter = cutterFor(side, asked);
          side.capped = true;
        }
      }
      const opened = await Promise.all(
        sides.map((side) =>
          deps.start({
            input: inputs[side.source]!,
            originMs: startedAt,
            onEvent: (event) => heard(side, asked, event),
            onEnded: (reason) => ended(asked, reason),
          }),
        ),
      );
      const refused = opened.findIndex((result) => !result.ok);
      if (asked !== generation || run.status !== 'starting' || refused >= 0) {
        for (const result of opened) if (result.ok) void result.value.stop();
        if (asked !== generation || run.status !== 'starting') return;
        const failure = opened[refused] as Extract<(typeof opened)[number], { ok: false }>;
        for (const side of sides) side.stream?.cancel();
        sides = [];
        publish({ status: 'idle', problem: { kind: 'start', input: inputs[chosen[refused]!]!, problem: failure.problem }, startedAt: null });
        return;
      }
      sides.forEach((side, index) => {
        const capture = (opened[index] as Extract<(typeof opened)[number], { ok: true }>).value;
        side.capture = capture;
        if (side.capped) capture.setCaps(deps.pauseCaps);
      });
      publish({ status: 'listening' });
    },
    pause() {
      if (run.status !== 'listening') return;
      for (const side of sides) {
        side.capture?.pause();
        // The detector ends a stretch at a pause itself; a fixed segment ends here.
        side.cutter?.flush();
      }
      publish({ status: 'paused' });
    },
    resume() {
      if (run.status !== 'paused') return;
      for (const side of sides) side.capture?.resume();
      publish({ status: 'listening' });
    },
    stop() {
      if (run.status !== 'listening' && run.status !== 'paused') return;
      publish({ status: 'stopped', stoppedAt: deps.now() });
      finishSides();
    },
    clear() {
      if (sessionActive(run.status)) return;
      forget();
      publish(NO_CAPTIONS);
    },
    retry(id) {
      session = retrySegment(session, id);
      pump();
    },
    dispose() {
      forget();
      const stopping = sides;
      sides = [];
      for (const side of stopping) void side.capture?.stop();
    },
  };
}
