/**
 * One Live connection after setupComplete, as the double plays it: turns from the script, answers with their
 * latencies, tool calls, barge-in, goAway, and a record of everything the client sent and when.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { tonePcm, DEFAULT_SPEECH_SAMPLE_RATE_HZ } from './gemini-defaults';
import {
  DEFAULT_CHUNK_MS,
  DEFAULT_HEARD_EVERY_BYTES,
  DEFAULT_LIVE_TURN,
  LIVE_CLOSE,
  LIVE_INPUT_MIME,
  LIVE_OUTPUT_MIME,
  type LiveEnd,
  type LiveScript,
  type LiveTurn,
  callId,
  piecesForChunk,
  transcriptPieces,
} from './gemini-live-script';
import { pause, untilAborted } from './http-double';

/** Epoch milliseconds with sub-millisecond precision, comparable with a browser's performance.timeOrigin + now(). */
export function liveNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A conversation with the model: one or more connections, joined by session resumption. */
export interface LiveConversation {
  readonly id: number;
  readonly model: string;
  readonly script: LiveScript;
  /**
   * Turns begun so far, over every connection: the next turn plays `script.turns[turnsTaken]` (for a translation,
   * the next utterance `script.translation.utterances[turnsTaken]`).
   */
  turnsTaken: number;
  /** Translation: utterances a dropped connection lost, heard again (in order) before the next new one. */
  replays: number[];
  /** Translation: the scripted drop happened (it happens once). */
  dropped: boolean;
  readonly connections: LiveConnectionRecord[];
}

export interface LiveAudioFrame {
  at: number;
  bytes: Uint8Array;
  mimeType: string;
  /** The turn it was heard in; null for audio outside any activity. */
  turn: number | null;
}

/** One WebSocket connection as the double saw it. Times are liveNow() milliseconds. */
export interface LiveConnectionRecord {
  openedAt: number;
  apiKey: string | null;
  /** The setup message's `setup`, as sent. */
  setup: Record<string, unknown> | null;
  /** The handle this connection resumed, or null for a new conversation. */
  resumedWith: string | null;
  conversationId: number | null;
  /** Every client message in arrival order (setup included); unparsable text as it came. */
  messages: Array<{ at: number; message: unknown }>;
  /**
   * The initial history (setup.historyConfig.initialHistoryInClientContent): the turns of every clientContent up to
   * the one with turnComplete, as sent. The model answers none of them.
   */
  history: unknown[];
  /** When the initial history was complete (its turnComplete arrived); null while it is awaited or not declared. */
  historyCompleteAt: number | null;
  audio: LiveAudioFrame[];
  activityStarts: number[];
  activityEnds: number[];
  toolResponses: Array<{ at: number; functionResponses: unknown[] }>;
  /** A barge-in: the answer of `turn` was stopped and `interrupted` sent. */
  interruptions: Array<{ at: number; turn: number }>;
  /** Every server message sent, in order. */
  sent: Array<{ at: number; message: unknown }>;
  /** Handles issued on this connection (sessionResumptionUpdate.newHandle), in order. */
  handles: string[];
  closed?: { at: number; code: number; reason: string; by: 'double' | 'client' };
}

export function newConnectionRecord(apiKey: string | null): LiveConnectionRecord {
  return {
    openedAt: liveNow(),
    apiKey,
    setup: null,
    resumedWith: null,
    conversationId: null,
    messages: [],
    history: [],
    historyCompleteAt: null,
    audio: [],
    activityStarts: [],
    activityEnds: [],
    toolResponses: [],
    interruptions: [],
    sent: [],
    handles: [],
  };
}

/** What a played connection needs from its socket. */
export interface LiveWire {
  send(message: unknown): void;
  /** A close frame (the reason cut to what a close frame holds). */
  close(code: number, reason: string): void;
  /** Drops the connection without a close frame. */
  drop(): void;
  /** Aborts when the connection ends, whoever ended it. */
  readonly ended: AbortSignal;
}

export interface LivePlayDeps {
  wire: LiveWire;
  conversation: LiveConversation;
  record: LiveConnectionRecord;
  /** Registers a handle that resumes `conversation`. */
  issueHandle(handle: string): void;
}

interface TurnState {
  readonly index: number;
  readonly turn: LiveTurn;
  phase: 'listening' | 'answering' | 'done';
  heardBytes: number;
  heardSent: number;
  readonly run: AbortController;
  pendingCalls: string[];
  toolResponded: (() => void) | null;
}

type Refusal = { code: number; reason: string };

const BYTES_PER_OUTPUT_SAMPLE = 2;
const MS_PER_SECOND = 1000;

/** Plays one connection from setupComplete on; hand it every client message after the setup. */
export interface LivePlay {
  receive(message: Record<string, unknown>): void;
  /** Sends a sessionResumptionUpdate with a new handle for this conversation. */
  issueHandle(): void;
}

export function playConnection(deps: LivePlayDeps): LivePlay {
  const { wire, conversation, record } = deps;
  const setup = record.setup ?? {};
  const manualActivity = readPath(setup, ['realtimeInputConfig', 'automaticActivityDetection', 'disabled']) === true;
  const resumable = setup.sessionResumption !== undefined;
  let awaitingHistory = readPath(setup, ['historyConfig', 'initialHistoryInClientContent']) === true;
  let current: TurnState | null = null;

  const refuse = (refusal: Refusal) => wire.close(refusal.code, refusal.reason);

  const beginTurn = (): TurnState => {
    const index = conversation.turnsTaken++;
    const turn = conversation.script.turns[index] ?? conversation.script.otherwise ?? DEFAULT_LIVE_TURN;
    current = { index, turn, phase: 'listening', heardBytes: 0, heardSent: 0, run: new AbortController(), pendingCalls: [], toolResponded: null };
    return current;
  };

  const sendHeard = (state: TurnState, upTo: number) => {
    const pieces = state.turn.heard ?? [];
    for (; state.heardSent < Math.min(upTo, pieces.length); state.heardSent++) {
      wire.send({ serverContent: { inputTranscription: { text: pieces[state.heardSent] } } });
    }
  };

  const endListening = (state: TurnState) => {
    sendHeard(state, Infinity);
    state.phase = 'answering';
    void answer(state);
  };

  const bargeIn = (state: TurnState) => {
    state.run.abort();
    if (state.pendingCalls.length > 0) wire.send({ toolCallCancellation: { ids: state.pendingCalls } });
    wire.send({ serverContent: { interrupted: true } });
    record.interruptions.push({ at: liveNow(), turn: state.index });
    state.phase = 'done';
  };

  const answer = async (state: TurnState): Promise<void> => {
    const { turn } = state;
    const signal = AbortSignal.any([wire.ended, state.run.signal]);
    const endsAt = (chunk: number) => turn.end !== undefined && (turn.end.afterChunks ?? 0) === chunk;
    if (!(await pause(turn.answerDelayMs ?? 0, signal))) return;
    if (endsAt(0)) return endConnection(wire, turn.end);
    if (turn.toolCalls?.length) {
      const functionCalls = turn.toolCalls.map((call, n) => ({ id: call.id ?? callId(state.index, n), name: call.name, args: call.args ?? {} }));
      state.pendingCalls = functionCalls.map((call) => call.id);
      const responded = new Promise<void>((resolve) => (state.toolResponded = resolve));
      wire.send({ toolCall: { functionCalls } });
      if (!(await Promise.race([responded.then(() => true), untilAborted(signal).then(() => false)]))) return;
      if (!(await pause(turn.afterToolDelayMs ?? turn.answerDelayMs ?? 0, signal))) return;
    }
    for (const message of turn.messages ?? []) wire.send(message);
    if (turn.answer) {
      const { text, audioMs, chunkMs = DEFAULT_CHUNK_MS, chunkIntervalMs = 0 } = turn.answer;
      const pcm = tonePcm(audioMs);
      const chunkBytes = Math.max(BYTES_PER_OUTPUT_SAMPLE, Math.round((chunkMs * DEFAULT_SPEECH_SAMPLE_RATE_HZ) / MS_PER_SECOND) * BYTES_PER_OUTPUT_SAMPLE);
      const chunks = Math.max(1, Math.ceil(pcm.length / chunkBytes));
      const pieces = transcriptPieces(text);
      for (let index = 0; index < chunks; index++) {
        if (index > 0 && !(await pause(chunkIntervalMs, signal))) return;
        if (index > 0 && endsAt(index)) return endConnection(wire, turn.end);
        const data = pcm.subarray(index * chunkBytes, (index + 1) * chunkBytes);
        if (data.length > 0) {
          wire.send({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: LIVE_OUTPUT_MIME, data: data.toString('base64') } }] } } });
        }
        for (const piece of piecesForChunk(pieces, index, chunks)) wire.send({ serverContent: { outputTranscription: { text: piece } } });
      }
      if (endsAt(chunks)) return endConnection(wire, turn.end);
      wire.send({ serverContent: { generationComplete: true } });
    }
    wire.send({ serverContent: { turnComplete: true } });
    state.phase = 'done';
    if (resumable) issueHandle();
    if (turn.goAwayAfterMs !== undefined) {
      wire.send({ goAway: { timeLeft: `${turn.goAwayAfterMs / MS_PER_SECOND}s` } });
      if (await pause(turn.goAwayAfterMs, wire.ended)) refuse(LIVE_CLOSE.aborted);
    }
  };

  const issueHandle = () => {
    const handle = randomUUID();
    record.handles.push(handle);
    deps.issueHandle(handle);
    wire.send({ sessionResumptionUpdate: { newHandle: handle, resumable: true } });
  };

  const onAudio = (audio: unknown): void => {
    const blob = audio as { data?: unknown; mimeType?: unknown } | null;
    const refusal = audioRefusal(blob);
    if (refusal) return refuse(refusal);
    const bytes = new Uint8Array(Buffer.from(String(blob?.data), 'base64'));
    if (!manualActivity && current?.phase !== 'listening') beginTurn();
    const listening = current?.phase === 'listening' ? current : null;
    record.audio.push({ at: liveNow(), bytes, mimeType: String(blob?.mimeType), turn: listening?.index ?? null });
    if (!listening) return;
    listening.heardBytes += bytes.length;
    sendHeard(listening, Math.floor(listening.heardBytes / (listening.turn.heardEveryBytes ?? DEFAULT_HEARD_EVERY_BYTES)));
  };

  const onRealtimeInput = (input: Record<string, unknown>): void => {
    if (('activityStart' in input || 'activityEnd' in input) && !manualActivity) return refuse(LIVE_CLOSE.explicitActivity);
    if ('activityStart' in input) {
      record.activityStarts.push(liveNow());
      if (current?.phase === 'answering') bargeIn(current);
      if (current?.phase !== 'listening') beginTurn();
    }
    if ('audio' in input) onAudio(input.audio);
    if ('activityEnd' in input) {
      record.activityEnds.push(liveNow());
      if (current?.phase === 'listening') endListening(current);
    }
    // With automatic activity detection on, the end of the audio stream stands in for the server's end of speech.
    if (input.audioStreamEnd === true && !manualActivity && current?.phase === 'listening') endListening(current);
  };

  // As Google documents historyConfig: clientContent up to turnComplete is history, which starts no model call, and
  // realtime input may follow only once it is complete.
  const onInitialHistory = (content: Record<string, unknown>): void => {
    if (Array.isArray(content.turns)) record.history.push(...(content.turns as unknown[]));
    if (content.turnComplete !== true) return;
    awaitingHistory = false;
    record.historyCompleteAt = liveNow();
  };

  return {
    issueHandle,
    receive(message) {
      if ('setup' in message) return refuse(LIVE_CLOSE.invalidArgument);
      if (awaitingHistory && 'clientContent' in message) return onInitialHistory(asRecord(message.clientContent));
      if (awaitingHistory && 'realtimeInput' in message) return refuse(LIVE_CLOSE.historyIncomplete);
      if ('realtimeInput' in message) return onRealtimeInput(asRecord(message.realtimeInput));
      if ('toolResponse' in message) {
        const functionResponses = asRecord(message.toolResponse).functionResponses;
        record.toolResponses.push({ at: liveNow(), functionResponses: Array.isArray(functionResponses) ? functionResponses : [] });
        const waiting = current?.toolResponded;
        if (current && waiting) {
          current.pendingCalls = [];
          current.toolResponded = null;
          waiting();
        }
        return;
      }
      if (asRecord(message.clientContent).turnComplete === true) {
        if (current?.phase === 'answering') bargeIn(current);
        endListening(current?.phase === 'listening' ? current : beginTurn());
      }
    },
  };
}

function endConnection(wire: LiveWire, end: LiveEnd | undefined): void {
  if (end?.code === undefined) wire.drop();
  else wire.close(end.code, end.reason ?? '');
}

/** The double takes exactly what the app promises (LIVE.inputSampleRateHz); Google would resample other rates. */
export function audioRefusal(blob: { data?: unknown; mimeType?: unknown } | null): Refusal | null {
  const mimeType = typeof blob?.mimeType === 'string' ? blob.mimeType.replace(/\s+/g, '') : '';
  if (mimeType !== LIVE_INPUT_MIME) {
    return { code: 1007, reason: `Unsupported audio mime type "${mimeType}"; the double takes ${LIVE_INPUT_MIME}.` };
  }
  const data = typeof blob?.data === 'string' ? blob.data : '';
  if (Buffer.from(data, 'base64').length % 2 !== 0) return { code: 1007, reason: 'Audio data is not whole 16-bit samples.' };
  return null;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function readPath(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => asRecord(node)[key], value);
}
