/**
 * The Live API (BidiGenerateContent over WebSocket) as the double serves it: the refusals Google makes, the setup
 * and setupComplete, session resumption across connections, then the scripted conversation (gemini-live-session.ts).
 */
import { performance } from 'node:perf_hooks';
import type { RawData, WebSocket } from 'ws';
import { LIVE_CLOSE, NOT_JSON, messageRefusal } from './gemini-live-script';
import {
  type LiveConnectionRecord,
  type LiveConversation,
  type LiveWire,
  asRecord,
  liveNow,
  newConnectionRecord,
  playConnection,
} from './gemini-live-session';
import { isTranslationModel, isTranslationSetup, playTranslation } from './gemini-live-translate';
import { type GeminiStep, stripModelsPrefix } from './gemini-steps';
import { pause } from './http-double';

/** Exactly what @google/genai 2.32 builds from a plain baseUrl: `${new URL(baseUrl)}` ends in '/', hence the '//'. */
export const LIVE_PATH = '//ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';

/** What ws reports when the peer vanished without a close frame. */
const ABNORMAL_CLOSE_CODE = 1006;
/** RFC 6455: a close frame's reason holds at most 123 bytes; Google's longer reasons arrive cut there. */
const CLOSE_REASON_MAX_BYTES = 123;

export interface LiveRecord {
  model: string;
  apiKey: string | null;
  /** Every client message, parsed, in arrival order (the same as live.messages without the times). */
  body: unknown;
  aborted: boolean;
  firstByteAt?: number;
  live?: LiveConnectionRecord;
}

/** Conversations outlive their connections: a handle brings a new connection back into one. */
export interface LiveStore {
  readonly conversations: LiveConversation[];
  readonly byHandle: Map<string, LiveConversation>;
}

export interface LiveSessionDeps {
  isValidKey(key: string | null): boolean;
  isLiveModel(model: string): boolean;
  /** The scripted step for a new conversation with this model, or the default. */
  takeStep(model: string): GeminiStep;
  store: LiveStore;
  /** Aborts when the double closes. */
  closing: AbortSignal;
}

export function serveLiveSession(socket: WebSocket, record: LiveRecord, deps: LiveSessionDeps): void {
  const live = newConnectionRecord(record.apiKey);
  record.live = live;
  const clientMessages: unknown[] = [];
  record.body = clientMessages;
  const ended = new AbortController();
  let endedByDouble = false;
  let receive: ((message: Record<string, unknown>) => void) | null = null;

  const wire: LiveWire = {
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      record.firstByteAt ??= performance.now();
      live.sent.push({ at: liveNow(), message });
      // Google sends JSON in binary frames (browsers see Blobs); the SDK decodes either.
      socket.send(JSON.stringify(message), { binary: true });
    },
    close(code, reason) {
      if (endedByDouble || socket.readyState !== socket.OPEN) return;
      endedByDouble = true;
      const cut = cutReason(reason);
      live.closed = { at: liveNow(), code, reason: cut, by: 'double' };
      socket.close(code, cut);
    },
    drop() {
      endedByDouble = true;
      socket.terminate();
    },
    ended: AbortSignal.any([ended.signal, deps.closing]),
  };

  const perform = async (step: GeminiStep, setup: Record<string, unknown>, model: string): Promise<void> => {
    switch (step.kind) {
      case 'delay':
        if (await pause(typeof step.ms === 'number' ? step.ms : step.ms({ model, body: setup }), wire.ended)) await perform(step.then, setup, model);
        return;
      case 'hang':
        return;
      case 'reset':
        return wire.drop();
      case 'live': {
        const conversation: LiveConversation = {
          id: deps.store.conversations.length,
          model,
          script: step.script,
          turnsTaken: 0,
          connections: [],
          replays: [],
          dropped: false,
        };
        deps.store.conversations.push(conversation);
        return open(conversation, setup);
      }
      default:
        throw new Error(`A Live session cannot perform a '${step.kind}' step.`);
    }
  };

  const open = async (conversation: LiveConversation, setup: Record<string, unknown>): Promise<void> => {
    live.conversationId = conversation.id;
    conversation.connections.push(live);
    const { script } = conversation;
    if (!(await pause(script.setupDelayMs ?? 0, wire.ended))) return;
    if (script.refuseSetup && live.resumedWith === null) return wire.close(script.refuseSetup.code, script.refuseSetup.reason);
    const translates = isTranslationModel(conversation.model);
    if (translates && !isTranslationSetup(setup)) return wire.close(LIVE_CLOSE.invalidArgument.code, LIVE_CLOSE.invalidArgument.reason);
    wire.send({ setupComplete: {} });
    const playDeps = { wire, conversation, record: live, issueHandle: (handle: string) => deps.store.byHandle.set(handle, conversation) };
    const play = translates ? playTranslation(playDeps, script.translation ?? { utterances: [] }) : playConnection(playDeps);
    receive = play.receive;
    if (setup.sessionResumption !== undefined) play.issueHandle();
  };

  const begin = (message: Record<string, unknown>) => {
    if (!('setup' in message)) return wire.close(LIVE_CLOSE.invalidArgument.code, LIVE_CLOSE.invalidArgument.reason);
    const setup = asRecord(message.setup);
    live.setup = setup;
    const model = stripModelsPrefix(typeof setup.model === 'string' ? setup.model : '');
    record.model = model;
    if (!deps.isValidKey(record.apiKey)) return wire.close(LIVE_CLOSE.invalidKey.code, LIVE_CLOSE.invalidKey.reason);
    const unknownModel = LIVE_CLOSE.unknownModel(model);
    if (!deps.isLiveModel(model)) return wire.close(unknownModel.code, unknownModel.reason);
    const handle = asRecord(setup.sessionResumption).handle;
    if (typeof handle === 'string' && handle !== '') {
      live.resumedWith = handle;
      const conversation = deps.store.byHandle.get(handle);
      if (!conversation || conversation.model !== model) return wire.close(LIVE_CLOSE.staleHandle.code, LIVE_CLOSE.staleHandle.reason);
      return void open(conversation, setup);
    }
    void perform(deps.takeStep(model), setup, model);
  };

  socket.on('message', (data: RawData) => {
    const message = parseMessage(data);
    clientMessages.push(message === NOT_JSON ? rawText(data) : message);
    live.messages.push({ at: liveNow(), message: message === NOT_JSON ? rawText(data) : message });
    if (endedByDouble) return;
    const refusal = messageRefusal(message);
    if (refusal) return wire.close(refusal.code, refusal.reason);
    const fields = message as Record<string, unknown>;
    if (live.messages.length === 1) return begin(fields);
    // Until setupComplete, Google has no session to give a message to: the double drops it (recorded above).
    receive?.(fields);
  });

  socket.on('close', (code: number, reason: Buffer) => {
    ended.abort();
    live.closed ??= { at: liveNow(), code, reason: reason.toString('utf8'), by: 'client' };
    if (code === ABNORMAL_CLOSE_CODE && !endedByDouble) record.aborted = true;
  });
}

function bytesOf(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function rawText(data: RawData): string {
  return bytesOf(data).toString('utf8');
}

function parseMessage(data: RawData): unknown {
  try {
    return JSON.parse(rawText(data)) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function cutReason(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  if (bytes.length <= CLOSE_REASON_MAX_BYTES) return reason;
  // Cut at a character boundary: a lone lead byte would make the whole frame invalid UTF-8.
  let end = CLOSE_REASON_MAX_BYTES;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
