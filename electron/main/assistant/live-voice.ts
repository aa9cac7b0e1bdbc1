import type { AssistantSource, AssistantStep } from '../../../shared/assistant';
import { type AssistantLiveDone, type AssistantLiveInput, type LiveFrameInput, type LivePath } from '../../../shared/live-voice';
import { LIVE } from '../../../shared/limits';
import { OFF_BY_POLICY } from '../../../shared/managed-policy';
import type { Member } from '../../../shared/member';
import { err, ok, type Result } from '../../../shared/result';
import type { Features, Settings } from '../../../shared/settings';
import { pcm16AsWav } from '../../../shared/wav';
import { failureError, type GeminiFailure } from '../gemini/failure';
import type { LiveConnection, LiveEvent, LiveHistoryTurn, OpenLive } from '../gemini/live-types';
import type { Logger } from '../log/logger';
import { ASSISTANT_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SpeechGrants } from '../rate-limit/speech-grants';
import { EMPTY_ANSWER, sourceKey, type Assistant, type PreparedQuestion } from './assistant';
import type { ToolContext } from './tool-registry';

/** What a Live question tells the page, by event (the contract's `assistant:live` events). */
export interface LiveTurnEvents {
  heard(text: string): void;
  chunk(text: string): void;
  audio(pcm: Uint8Array): void;
  step(step: AssistantStep): void;
  path(path: LivePath, reason?: string): void;
}

export interface LiveTurnContext {
  member: Member;
  /** Aborted by the page's cancel (Stop, Escape) or when its window goes away. */
  signal: AbortSignal;
  /** The registry's id for the question: its frames name it (and only the window that asks may send them). */
  requestId: string;
  emit: LiveTurnEvents;
}

export interface LiveVoiceDeps {
  assistant: Pick<Assistant, 'chat' | 'prepare'>;
  openLive: OpenLive;
  settings: () => Settings;
  limiter: AiChannelLimiter<typeof ASSISTANT_BUDGET>;
  /** G9: an answer the one-call path gives is spoken sentence by sentence (voice:tts) at no further cost. */
  speechGrants: Pick<SpeechGrants, 'grant'>;
  /** Milliseconds (a monotonic clock is enough): durations and the unavailable window. */
  now: () => number;
  /** Runs `run` after `ms`; the returned function cancels it. */
  after: (ms: number, run: () => void) => () => void;
  log: Logger;
}

export interface LiveVoice {
  /** A voice question, from press to answer; resolves when it is answered, interrupted, cancelled or failed. */
  ask(input: AssistantLiveInput, ctx: LiveTurnContext): Promise<Result<AssistantLiveDone>>;
  /** One frame of a question still being asked (the registry checked that the caller asks it). */
  frame(input: LiveFrameInput): Result<Record<string, never>>;
  /** The member let go: the question is complete. */
  release(requestId: string): Result<Record<string, never>>;
  /**
   * The machine's policy changed what is on (issue 28). Live modes off: the kept session ends, and a question still
   * being asked or answered over it is answered by the one-call path. Spoken answers are read at each piece of audio.
   */
  featuresChanged(features: Features): void;
  /** Ends the session (sign-out, quit): nothing of it is kept. */
  close(): void;
}

interface Turn {
  readonly input: AssistantLiveInput;
  readonly ctx: LiveTurnContext;
  readonly startedAt: number;
  /** Set once the question's session is known: its tools' context, with this question's own mail lookups. */
  toolContext: ToolContext | null;
  /** Every frame so far, in order (the next one's seq is their count), for the one-call path should Live fail. */
  readonly frames: Uint8Array[];
  bytes: number;
  /** How many frames went to the Live session (the rest wait for it to open). */
  sent: number;
  /** activityStart was sent for this turn. */
  started: boolean;
  /** When the member let go (null while they speak): an answer's time is counted from here, not from the press. */
  releasedAt: number | null;
  heard: string;
  answer: string;
  /** Answer audio received, in bytes: an answer may be heard without its transcription. */
  audioBytes: number;
  readonly steps: AssistantStep[];
  readonly sources: Map<string, AssistantSource>;
  /** Live failed for this question: it is answered by the one-call path once the member let go. */
  fallback: string | null;
  settled: boolean;
  stopStall: () => void;
  settle(result: Result<AssistantLiveDone>): void;
}

interface Session {
  readonly memberEmail: string;
  /** What the session was opened with: a question that needs another (language, model, voice, tools) opens anew. */
  readonly shape: string;
  readonly question: PreparedQuestion;
  readonly model: string;
  /** The conversation before the session's first question: a new session starts from it, a resumed one has it. */
  readonly history: readonly LiveHistoryTurn[];
  connection: LiveConnection | null;
  opening: Promise<LiveConnection | GeminiFailure> | null;
  /** Aborted when the session ends: a connection still being opened for it is given up. */
  readonly ended: AbortController;
  /** The latest resumption handle: a new connection continues this session from it. */
  handle: string | null;
  /** The server will close this connection soon: the next question opens a new one with the handle. */
  leaving: boolean;
  /**
   * An activityStart went out to interrupt an answer the member stopped (Stop, Escape): Gemini now waits for speech,
   * and the next question's audio is that speech.
   */
  activityOpen: boolean;
  turn: Turn | null;
  stopIdle: () => void;
}

/** A failure no other path gets past (the key, the quota, the keychain): the member is told, as by the Assistant. */
function isMemberFailure(failure: GeminiFailure): boolean {
  return ['missing_key', 'keychain', 'invalid_key', 'permission_denied', 'quota', 'safety', 'cancelled'].includes(failure.kind);
}

const NO_TIMER = () => undefined;

const released = (turn: Turn) => turn.releasedAt !== null;


/**
 * Voice questions over the Gemini Live API (issue 24): the question streams to Gemini while it is spoken and the
 * answer's audio and text stream back while they are generated. Push-to-talk is the turn signal (activityStart on
 * press, activityEnd on release). The session is the member's conversation with the Assistant by voice: kept for
 * follow-ups for LIVE.sessionIdleMs, moved to a new connection with its resumption handle when Google asks
 * (goAway), run with the Assistant's tools, prompt and language rule. Whenever Live cannot answer (not enabled for
 * the key, blocked, refused, lost mid-question, silent), the same question, kept in memory as it was spoken, is
 * answered by the Assistant's one call (V1) instead, and the page is told which path answered.
 */
export function createLiveVoice(deps: LiveVoiceDeps): LiveVoice {
  const { log } = deps;
  const turns = new Map<string, Turn>();
  let session: Session | null = null;
  /** How long the member has waited for the answer: from the release, or from the press while still speaking. */
  const waitedMs = (turn: Turn) => Math.max(0, Math.round(deps.now() - (turn.releasedAt ?? turn.startedAt)));
  /** The page asked to hear the answer, and the machine's policy (read now: it may change mid-answer) lets it. */
  const speaks = (turn: Turn) => turn.input.speak && deps.settings().features.spokenAnswers;
  /** Live was refused as unavailable for this model until then: questions go straight to the one-call path. */
  let unavailable: { model: string; until: number } | null = null;

  function endSession(which: Session | null = session): void {
    if (!which) return;
    which.stopIdle();
    which.ended.abort();
    which.connection?.close();
    which.connection = null;
    if (session === which) session = null;
  }

  function onEvent(owner: Session, event: LiveEvent): void {
    const turn = owner.turn;
    switch (event.kind) {
      case 'resumable':
        owner.handle = event.handle;
        return;
      case 'goAway':
        owner.leaving = true;
        log.info('live session asked to move', { timeLeftMs: event.timeLeftMs });
        // Idle, it moves now, so the next question finds a connection ready; mid-answer, after the answer.
        if (!turn) void reconnect(owner);
        return;
      case 'closed':
        owner.connection = null;
        if (event.failure === null) return;
        log.warn('live session closed', { kind: event.failure.kind, status: event.failure.status });
        if (turn && !turn.settled) {
          owner.turn = null;
          fail(turn, event.failure, 'session');
        }
        // A follow-up resumes the session from its handle on a new connection, if one comes in time.
        idle(owner);
        return;
      default:
        if (turn && !turn.settled && turn.fallback === null) onAnswerEvent(owner, turn, event);
    }
  }

  function onAnswerEvent(owner: Session, turn: Turn, event: Exclude<LiveEvent, { kind: 'resumable' | 'goAway' | 'closed' }>): void {
    // Gemini answers only after activityEnd: anything else before the member let go is what is left of the answer
    // this question interrupted.
    if (event.kind !== 'heard' && !released(turn)) return;
    if (event.kind !== 'heard') watchStall(turn);
    switch (event.kind) {
      case 'heard':
        turn.heard += event.text;
        turn.ctx.emit.heard(turn.heard.trim());
        return;
      case 'said':
        turn.answer += event.text;
        turn.ctx.emit.chunk(event.text);
        return;
      case 'audio':
        turn.audioBytes += event.pcm.byteLength;
        if (speaks(turn)) turn.ctx.emit.audio(event.pcm);
        return;
      case 'toolCall':
        void runTools(owner, turn, event.calls);
        return;
      case 'toolCallCancellation':
      case 'interrupted':
        return;
      case 'turnComplete':
        owner.turn = null;
        finishLive(turn, owner.model);
        idle(owner);
        return;
    }
  }

  async function runTools(owner: Session, turn: Turn, calls: Parameters<PreparedQuestion['registry']['run']>[0][]) {
    const responses: { id?: string; name: string; response: Record<string, unknown> }[] = [];
    turn.stopStall();
    for (const call of calls) {
      if (turn.settled) return;
      const run = await owner.question.registry.run(call, turn.toolContext!, turn.ctx.signal);
      if (turn.settled) return;
      turn.steps.push(run.step);
      turn.ctx.emit.step(run.step);
      for (const source of run.sources) turn.sources.set(sourceKey(source), source);
      responses.push({ ...(call.id ? { id: call.id } : {}), name: call.name, response: run.response as Record<string, unknown> });
    }
    owner.connection?.sendToolResponse(responses);
    watchStall(turn);
  }

  function watchStall(turn: Turn): void {
    turn.stopStall();
    if (!released(turn) || turn.settled) return;
    turn.stopStall = deps.after(LIVE.answerStallMs, () => {
      if (turn.settled || turn.fallback !== null) return;
      log.warn('live answer stalled: the one-call path answers', { stalledMs: LIVE.answerStallMs });
      if (session?.turn === turn) endSession();
      fallBack(turn, 'timeout');
    });
  }

  function finishLive(turn: Turn, model: string): void {
    const heard = turn.heard.trim() !== '';
    const answered = turn.answer.trim() !== '' || turn.audioBytes > 0;
    const fields = { model, steps: turn.steps.length, sources: turn.sources.size, durationMs: waitedMs(turn) };
    // Words heard and nothing said (the model's turn spent elsewhere, or withheld): the member is told, as for a
    // written question, rather than shown an empty answer.
    if (heard && !answered) {
      log.warn('live question ended without an answer', fields);
      turn.settle({ ok: false, error: EMPTY_ANSWER });
      return;
    }
    log.info(heard || answered ? 'live question answered' : 'live question heard no speech', fields);
    turn.settle(ok(doneOf(turn, model, 'live', false)));
  }

  function doneOf(turn: Turn, model: string, path: LivePath, incomplete: boolean): AssistantLiveDone {
    return {
      answer: turn.answer.trim(),
      steps: turn.steps,
      sources: [...turn.sources.values()],
      degraded: false,
      incomplete,
      model,
      duration_ms: waitedMs(turn),
      // '' says no speech was heard (and nothing answered); an answer whose question was not transcribed has none.
      ...(turn.heard.trim() !== '' || (turn.answer.trim() === '' && turn.audioBytes === 0) ? { transcript: turn.heard.trim() } : {}),
      path,
    };
  }

  /**
   * Live failed for this question: a member's failure is theirs to read; anything else is the one-call path's. A
   * session that could not be opened (the model not enabled, the WebSocket blocked or left hanging by a proxy) will
   * not open for the next question either: Live is not tried again for a while, so no question waits for it. One
   * lost mid-answer, or a busy server, is tried again at the next.
   */
  function fail(turn: Turn, failure: GeminiFailure, stage: 'connect' | 'session'): void {
    if (isMemberFailure(failure)) {
      turn.settle({ ok: false, error: failureError(failure, deps.settings().models.live) });
      return;
    }
    if (stage === 'connect' && failure.kind !== 'overloaded') {
      unavailable = { model: deps.settings().models.live, until: deps.now() + LIVE.unavailableRetryMs };
    }
    fallBack(turn, failure.kind);
  }

  function fallBack(turn: Turn, reason: string): void {
    if (turn.fallback !== null || turn.settled) return;
    turn.fallback = reason;
    turn.stopStall();
    turn.heard = '';
    turn.answer = '';
    turn.steps.length = 0;
    turn.sources.clear();
    turn.ctx.emit.path('oneCall', reason);
    if (released(turn)) void answerByOneCall(turn);
  }

  async function answerByOneCall(turn: Turn): Promise<void> {
    const { input, ctx } = turn;
    const wav = pcm16AsWav(turn.frames, LIVE.inputSampleRateHz);
    // G9: this path's spoken answer is sentence by sentence (voice:tts naming this question), part of it.
    const grant = speaks(turn) ? deps.speechGrants.grant(ctx.member.email, ctx.requestId, input.lang) : null;
    const done = await deps.assistant.chat(
      { message: '', history: input.history, lang: input.lang, audio: { mimeType: 'audio/wav', data: Buffer.from(wav).toString('base64') } },
      {
        member: ctx.member,
        signal: ctx.signal,
        emitChunk: (text) => {
          grant?.add(text);
          ctx.emit.chunk(text);
        },
        emitStep: ctx.emit.step,
        emitTranscript: ctx.emit.heard,
      },
      { admitted: true },
    );
    grant?.end(done.ok && !done.value.incomplete);
    turn.settle(done.ok ? ok({ ...done.value, path: 'oneCall', pathReason: turn.fallback ?? 'other' }) : done);
  }

  async function reconnect(owner: Session): Promise<void> {
    owner.connection?.close();
    owner.connection = null;
    owner.leaving = false;
    await connect(owner);
  }

  /** The session's connection, opened (resuming from its handle) when it has none. */
  function connect(owner: Session): Promise<LiveConnection | GeminiFailure> {
    if (owner.connection) return Promise.resolve(owner.connection);
    const open = () =>
      deps.openLive(
        {
          model: owner.model,
          systemInstruction: owner.question.systemInstruction,
          tools: owner.question.registry.declarations(),
          voiceName: deps.settings().voice.voiceName,
          resumeHandle: owner.handle,
          history: owner.history,
        },
        (event) => onEvent(owner, event),
        owner.ended.signal,
      );
    owner.opening ??= (async () => {
      let opened = await open();
      // A handle Google no longer honours (expired, or refused right after a goAway) costs the session's memory of
      // the earlier questions, not the question: it starts afresh from the conversation it began with.
      if (!opened.ok && owner.handle !== null && !isMemberFailure(opened.failure) && !owner.ended.signal.aborted) {
        log.info('live session not resumed: starting afresh', { kind: opened.failure.kind });
        owner.handle = null;
        opened = await open();
      }
      owner.opening = null;
      if (!opened.ok) return opened.failure;
      if (session !== owner) {
        opened.value.close();
        const cancelled: GeminiFailure = { kind: 'cancelled' };
        return cancelled;
      }
      owner.connection = opened.value;
      // A new connection has no activity open, whatever the last one had.
      owner.activityOpen = false;
      return opened.value;
    })();
    return owner.opening;
  }

  function idle(owner: Session): void {
    owner.stopIdle();
    owner.stopIdle = deps.after(LIVE.sessionIdleMs, () => {
      if (owner.turn === null) endSession(owner);
    });
    if (owner.leaving) void reconnect(owner);
  }

  /** The session this question belongs to: the open one when it fits, else a new one. */
  async function sessionFor(turn: Turn): Promise<Session | null> {
    const { member } = turn.ctx;
    const model = deps.settings().models.live;
    const question = await deps.assistant.prepare(member, { lang: turn.input.lang, voice: true, model });
    // Ended while the tools were looked up (cancelled, signed out), or Live switched off meanwhile: it opens nothing.
    if (turn.settled || turn.fallback !== null) return null;
    const shape = JSON.stringify([model, turn.input.lang, deps.settings().voice.voiceName, question.registry.declarations().map((tool) => tool.name)]);
    if (session && session.memberEmail === member.email && session.shape === shape) return session;
    endSession();
    session = {
      memberEmail: member.email,
      shape,
      question,
      model,
      // One conversation with the Assistant: what was typed (or asked) before goes to Gemini with the session.
      history: turn.input.history.map((said) => ({ role: said.role === 'assistant' ? 'model' : 'user', text: said.content })),
      connection: null,
      opening: null,
      ended: new AbortController(),
      handle: null,
      leaving: false,
      activityOpen: false,
      turn: null,
      stopIdle: NO_TIMER,
    };
    return session;
  }

  /** What waits for the turn's connection goes now, if the turn is the session's and Live still answers it. */
  function sendWhatWaits(turn: Turn): void {
    const owner = session;
    if (owner?.turn === turn && owner.connection && turn.started && turn.fallback === null) flush(owner, turn, owner.connection);
  }

  /** Sends what the turn has that the connection has not: the start, the frames so far, the end. */
  function flush(owner: Session, turn: Turn, connection: LiveConnection): void {
    if (!turn.started) {
      if (!owner.activityOpen) connection.activityStart();
      owner.activityOpen = false;
      turn.started = true;
    }
    for (; turn.sent < turn.frames.length; turn.sent += 1) connection.sendAudio(turn.frames[turn.sent]!);
    if (released(turn)) {
      connection.activityEnd();
      watchStall(turn);
    }
  }

  return {
    async ask(input, ctx) {
      // G9: counted once, whichever path answers.
      const admitted = deps.limiter.admit(ASSISTANT_BUDGET, ctx.member.email);
      if (!admitted.ok) {
        log.info('live question refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
        return admitted;
      }
      return new Promise<Result<AssistantLiveDone>>((resolve) => {
        const turn: Turn = {
          input,
          ctx,
          startedAt: deps.now(),
          toolContext: null,
          frames: [],
          bytes: 0,
          sent: 0,
          started: false,
          releasedAt: null,
          heard: '',
          answer: '',
          audioBytes: 0,
          steps: [],
          sources: new Map(),
          fallback: null,
          settled: false,
          stopStall: NO_TIMER,
          settle(result) {
            if (turn.settled) return;
            turn.settled = true;
            turn.stopStall();
            turns.delete(ctx.requestId);
            resolve(result);
          },
        };
        turns.set(ctx.requestId, turn);
        void begin(turn);
      });
    },

    frame({ requestId, seq, pcm }) {
      const turn = turns.get(requestId);
      if (!turn || turn.settled) return err('INVALID_INPUT', 'This voice question has ended.');
      if (released(turn)) return err('INVALID_INPUT', 'This voice question was already sent.');
      // A frame sent twice (a retry) changes nothing; one out of order would garble the question.
      if (seq < turn.frames.length) return ok({});
      if (seq > turn.frames.length) return err('INVALID_INPUT', 'A frame of this voice question is missing.');
      if (turn.bytes + pcm.byteLength > LIVE.questionMaxBytes) return err('TOO_LARGE', 'This voice question is too long.');
      turn.bytes += pcm.byteLength;
      // Copied: the bytes the transport handed over may be a view into a larger buffer it reuses.
      turn.frames.push(pcm.slice());
      sendWhatWaits(turn);
      return ok({});
    },

    release(requestId) {
      const turn = turns.get(requestId);
      if (!turn || turn.settled) return err('INVALID_INPUT', 'This voice question has ended.');
      if (released(turn)) return ok({});
      turn.releasedAt = deps.now();
      if (turn.fallback !== null) void answerByOneCall(turn);
      else sendWhatWaits(turn);
      return ok({});
    },

    featuresChanged(features) {
      if (features.liveModes) return;
      if (session) log.info('live session ended: Live modes switched off by the policy');
      endSession();
      for (const turn of turns.values()) fallBack(turn, OFF_BY_POLICY);
    },

    close() {
      endSession();
      for (const turn of [...turns.values()]) turn.settle(err('UNAUTHENTICATED', 'Sign in with your staff account first.'));
    },
  };

  async function begin(turn: Turn): Promise<void> {
    const { ctx } = turn;
    ctx.signal.addEventListener('abort', () => cancelTurn(turn), { once: true });
    // Voice questions over Live switched off by the machine's policy: the one-call path answers them all.
    if (!deps.settings().features.liveModes) {
      fallBack(turn, OFF_BY_POLICY);
      return;
    }
    const model = deps.settings().models.live;
    if (unavailable && unavailable.model === model && deps.now() < unavailable.until) {
      fallBack(turn, 'unavailable');
      return;
    }
    const owner = await sessionFor(turn);
    if (!owner) return;
    turn.toolContext = owner.question.toolContext();
    owner.stopIdle();
    // Barge-in: a question asked over an answer still coming ends that answer where it is; the new activityStart
    // makes Gemini stop it too.
    const previous = owner.turn;
    if (previous && !previous.settled) previous.settle(ok(doneOf(previous, owner.model, 'live', true)));
    owner.turn = turn;
    const connection = await connect(owner);
    if (turn.settled || turn.fallback !== null) return;
    if (!('sendAudio' in connection)) {
      if (owner.turn === turn) owner.turn = null;
      if (session === owner && !owner.connection) endSession(owner);
      log.warn('live session could not open', { kind: connection.kind, status: connection.status });
      fail(turn, connection, 'connect');
      return;
    }
    if (owner.turn !== turn) return;
    flush(owner, turn, connection);
  }

  function cancelTurn(turn: Turn): void {
    if (turn.settled) return;
    const owner = session;
    if (owner?.turn === turn) {
      owner.turn = null;
      if (!released(turn) || !turn.started) {
        // Dropped while still being asked: it must not reach Gemini, so the connection goes; the session resumes
        // from its handle (taken before this question) at the next one.
        owner.connection?.close();
        owner.connection = null;
      } else if (owner.connection) {
        // Stopped while answered: speech starting is how the Live API is interrupted (it answers `interrupted`).
        owner.connection.activityStart();
        owner.activityOpen = true;
      }
      idle(owner);
    }
    turn.settle({ ok: false, error: failureError({ kind: 'cancelled' }, deps.settings().models.live) });
  }
}
