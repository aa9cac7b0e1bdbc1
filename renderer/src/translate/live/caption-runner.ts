import {
  addSegment,
  createCaptionSession,
  mergeSegments,
  nextToSend,
  planMerges,
  retrySegment,
  segmentFailed,
  segmentSent,
  segmentTranscribed,
  waitUntil,
  type CaptionSession,
} from '../../../../shared/captions';
import type { Result } from '../../../../shared/result';
import type { TranslateSegmentOutput, TranslationLang } from '../../../../shared/translate';
import type { MicrophoneProblem } from '../../audio/microphone-problem';
import type { SegmenterKit } from '../../audio/segmenter-context';
import type { CaptionInput, SegmenterMode, SpeechSegment, SpeechSegmenter } from '../../audio/speech-segmenter';

export interface CaptionLanguages {
  readonly to: TranslationLang;
  /** Null: the model tells what is spoken. */
  readonly from: TranslationLang | null;
}

/** idle: no session (none yet, or cleared); stopped: nothing is recorded any more, the lines stay. */
export type SessionStatus = 'idle' | 'starting' | 'listening' | 'paused' | 'stopped';

/** The input is open or being opened: the session's setup cannot change, nor can its lines be cleared. */
export function sessionActive(status: SessionStatus): boolean {
  return status === 'starting' || status === 'listening' || status === 'paused';
}

export type CaptionProblem =
  /** The input could not be opened: the session did not start. */
  | { readonly kind: 'start'; readonly input: CaptionInput; readonly problem: MicrophoneProblem | 'system_audio_unavailable' }
  /** The recorder ended on its own (the device went away): the session stopped, its lines stay. */
  | { readonly kind: 'ended'; readonly reason: 'device_lost' | 'error' };

/** Waiting lines are held: by a Gemini 429 until its retryAfterMs, or by the captions' own budget. */
export interface CaptionWait {
  /** Epoch milliseconds. */
  readonly until: number;
  readonly cause: 'rate_limited' | 'budget';
}

export interface CaptionRun {
  readonly status: SessionStatus;
  /** How the recorder cuts speech, once it has started; kept after Stop. */
  readonly mode: SegmenterMode | null;
  readonly problem: CaptionProblem | null;
  readonly session: CaptionSession;
  /** The session's languages, chosen at Start: a Retry translates into the same language as the lines around it. */
  readonly languages: CaptionLanguages | null;
  /** What the session listens to, chosen at Start. */
  readonly input: CaptionInput | null;
  /** Epoch milliseconds when the session started: the transcript's file is named after it. */
  readonly startedAt: number | null;
  readonly wait: CaptionWait | null;
}

export const NO_CAPTIONS: CaptionRun = {
  status: 'idle',
  mode: null,
  problem: null,
  session: createCaptionSession(),
  languages: null,
  input: null,
  startedAt: null,
  wait: null,
};

export interface CaptionRunnerDeps extends SegmenterKit {
  /** 'translate:segment': never rejects. */
  translate(input: { audio: SpeechSegment['audio']; to: TranslationLang; from?: TranslationLang; requestId: string }): Promise<Result<TranslateSegmentOutput>>;
  /** 'translate:cancelSegment'. */
  cancel(requestId: string): void;
  /** Epoch milliseconds: the same clock as a wait's countdown. */
  now(): number;
  /** Calls `callback` once after `ms`, unless the returned function is called first. */
  after(ms: number, callback: () => void): () => void;
}

export interface CaptionRunner {
  /** A new session: the previous one's lines go, and any of its segments still in main are cancelled. */
  start(input: CaptionInput, languages: CaptionLanguages): Promise<void>;
  pause(): void;
  resume(): void;
  /**
   * Nothing more is recorded and the input is released. What was said before Stop is still translated (the
   * recorder's last utterance among it): the member wants the last line, and a caption is never dropped.
   */
  stop(): void;
  /** Forgets a stopped session's lines. */
  clear(): void;
  retry(id: string): void;
  /** The page goes (the pane closed, the member signed out): the input is released, main's work cancelled. */
  dispose(): void;
}

/**
 * One live-captions session at a time (T2, issue 13): the recorder's utterances become lines in speaking order,
 * each sent to main as soon as shared/captions.ts lets it go (two in flight, within the budget, after a 429's
 * wait), short ones waiting together joined into one request. Audio is held in memory only until its line is
 * translated (or, for a failed line, until the session is forgotten, for Retry).
 */
export function createCaptionRunner(deps: CaptionRunnerDeps, onChange: (run: CaptionRun) => void): CaptionRunner {
  let run: CaptionRun = NO_CAPTIONS;
  let session = run.session;
  let segmenter: SpeechSegmenter | null = null;
  /** Bumped whenever a session is forgotten: the recorder's and main's late answers for it are then ignored. */
  let generation = 0;
  const audio = new Map<string, SpeechSegment>();
  /** Segment id to the requestId it went with. */
  const sending = new Map<string, string>();
  let cancelWake = () => {};

  function publish(change: Partial<CaptionRun> = {}): void {
    run = { ...run, ...change, session };
    onChange(run);
  }

  function forget(): void {
    generation += 1;
    for (const requestId of sending.values()) deps.cancel(requestId);
    sending.clear();
    audio.clear();
    cancelWake();
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
    // Only the VAD's utterances carry the PCM to join; the fixed mode's recordings are whole files.
    if (run.mode === 'pauses') joinWaiting();
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
    const result = await deps.translate({ audio: audio.get(id)!.audio, to, ...(from === null ? {} : { from }), requestId });
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

  function heard(asked: number, segment: SpeechSegment): void {
    if (asked !== generation) return;
    audio.set(segment.id, segment);
    session = addSegment(session, segment);
    pump();
  }

  function ended(asked: number, reason: 'device_lost' | 'error'): void {
    if (asked !== generation || !sessionActive(run.status)) return;
    // It has handed over what it heard and released its tracks already.
    segmenter = null;
    publish({ status: 'stopped', problem: { kind: 'ended', reason } });
  }

  return {
    async start(input, languages) {
      if (sessionActive(run.status)) return;
      forget();
      const asked = generation;
      publish({ status: 'starting', mode: null, problem: null, languages, input, startedAt: deps.now(), wait: null });
      const started = await deps.start({
        input,
        onSegment: (segment) => heard(asked, segment),
        onEnded: (reason) => ended(asked, reason),
      });
      if (asked !== generation || run.status !== 'starting') {
        if (started.ok) void started.value.stop();
        return;
      }
      if (!started.ok) {
        publish({ status: 'idle', problem: { kind: 'start', input, problem: started.problem }, startedAt: null });
        return;
      }
      segmenter = started.value;
      publish({ status: 'listening', mode: segmenter.mode });
      // Utterances handed over before the recorder's mode was known may now be joined.
      pump();
    },
    pause() {
      if (run.status !== 'listening') return;
      segmenter?.pause();
      publish({ status: 'paused' });
    },
    resume() {
      if (run.status !== 'paused') return;
      segmenter?.resume();
      publish({ status: 'listening' });
    },
    stop() {
      if (run.status !== 'listening' && run.status !== 'paused') return;
      const stopping = segmenter;
      segmenter = null;
      publish({ status: 'stopped' });
      void stopping?.stop();
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
      const stopping = segmenter;
      segmenter = null;
      void stopping?.stop();
    },
  };
}
