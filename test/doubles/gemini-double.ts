/**
 * A local Gemini API (v1beta) for tests: the real wire format of @google/genai 2.32, scripted replies and faults,
 * and a record of every request (docs/external-apis.md, Gemini; docs/testing.md).
 */
import { WebSocketServer } from 'ws';
import { defaultStep } from './gemini-defaults';
import { LIVE_PATH, type LiveStore, serveLiveSession } from './gemini-live';
import type { LiveConnectionRecord, LiveConversation } from './gemini-live-session';
import { type GeminiAction, type GeminiStep, type ReplyContext, googleError, invalidKeyBody, stepMisfit, stripModelsPrefix } from './gemini-steps';
import { type ExchangeRecord, type HttpExchange, type IncomingCall, pause, startHttpDouble, untilAborted } from './http-double';

export {
  type GeminiAction,
  type GeminiStep,
  type GoogleErrorBody,
  type QuotaOptions,
  type ReplyContext,
  type StreamOptions,
  INVALID_KEY_MESSAGE,
  THINKING_LEVEL_UNSUPPORTED_MESSAGE,
  audioReply,
  badRequest,
  delay,
  emptyCandidates,
  functionCallReply,
  googleError,
  hang,
  invalidKey,
  jsonReply,
  liveScript,
  malformed,
  overloaded,
  permissionDenied,
  quotaExceeded,
  reply,
  reset,
  safetyBlock,
  status,
  stream,
  textChunk,
  textReply,
  thinkingLevelUnsupported,
} from './gemini-steps';
export { DEFAULT_EMBEDDING_DIMENSIONS, DEFAULT_REPLY_TEXT, DEFAULT_SPEECH_MIME_TYPE, defaultSpeechPcm } from './gemini-defaults';
export { LIVE_PATH } from './gemini-live';
export {
  type LiveAnswer,
  type LiveEnd,
  type LiveScript,
  type LiveToolCall,
  type LiveTranslationScript,
  type LiveTurn,
  type LiveUtterance,
  DEFAULT_LIVE_ANSWER,
  DEFAULT_LIVE_UTTERANCE,
  DEFAULT_TRANSLATION_LAG_MS,
  LIVE_CLOSE,
  LIVE_INPUT_MIME,
  LIVE_OUTPUT_MIME,
} from './gemini-live-script';
export { type LiveAudioFrame, type LiveConnectionRecord, type LiveConversation, liveNow } from './gemini-live-session';
export { tonePcm } from './gemini-defaults';

/** What the double takes for a Live model unless told otherwise: Google's Live model ids all say so. */
const LIVE_MODEL_ID = /-live\b|native-audio/;

export interface GeminiDoubleOptions {
  /** Keys the double accepts; any other key gets Google's 400 API_KEY_INVALID. */
  validKeys?: string[];
  /** Models a Live session may name; any other is refused as Google refuses an unknown one. Default: ids with "-live" or "native-audio". */
  liveModels?: string[];
}

export interface RecordedRequest extends ExchangeRecord {
  /** 'unknown' for a path the Gemini API does not serve. */
  action: GeminiAction | 'unknown';
  /** Without the 'models/' prefix; for Live, known once the setup message arrives. */
  model: string;
  /** From the x-goog-api-key header or ?key=. */
  apiKey: string | null;
  /** For a Live session: everything the connection carried, with times. */
  live?: LiveConnectionRecord;
}

export interface GeminiDouble {
  /** Pass as httpOptions.baseUrl, with apiVersion 'v1beta'. */
  baseUrl: string;
  /** Every HTTP request and every Live session, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  requestsFor(action: GeminiAction, model?: string): RecordedRequest[];
  /** Every Live conversation in the order they began; each lists its connections, resumed ones included. */
  readonly liveConversations: readonly LiveConversation[];
  /** Each request for `action` takes the next step; with none left, the default behaviour applies. */
  script(action: GeminiAction, ...steps: GeminiStep[]): void;
  /** Steps only for `model`; they are taken before the action's general steps. */
  scriptFor(model: string, action: GeminiAction, ...steps: GeminiStep[]): void;
  /** Clears the scripts and the record. */
  reset(): void;
  close(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

/** A truncated generateContent body: what a proxy cutting the response short delivers. */
const MALFORMED_BODY = '{"candidates": [{"content": {"parts": [{"text": "cut sh';

const UNREGISTERED_CALLER_MESSAGE =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";

const MODEL_PATH = /^\/v1beta\/models\/([^/:]+)(?::([A-Za-z]+))?$/;
const POST_ACTIONS: readonly GeminiAction[] = ['generateContent', 'streamGenerateContent', 'batchEmbedContents', 'countTokens'];

export async function startGeminiDouble(options: GeminiDoubleOptions = {}): Promise<GeminiDouble> {
  const validKeys = new Set(options.validKeys ?? ['test-key']);
  const isValidKey = (key: string | null) => key !== null && validKeys.has(key);
  const queues = new Map<string, GeminiStep[]>();
  const queueKey = (action: GeminiAction, model?: string) => (model === undefined ? action : `${action} ${stripModelsPrefix(model)}`);

  const takeStep = (action: GeminiAction, model: string): GeminiStep | undefined =>
    queues.get(queueKey(action, model))?.shift() ?? queues.get(queueKey(action))?.shift();

  const enqueue = (action: GeminiAction, model: string | undefined, steps: GeminiStep[]) => {
    for (const step of steps) {
      const misfit = stepMisfit(step, action);
      if (misfit) throw new Error(misfit);
    }
    const key = queueKey(action, model);
    queues.set(key, [...(queues.get(key) ?? []), ...steps]);
  };

  const liveServer = new WebSocketServer({ noServer: true });
  const liveStore: LiveStore = { conversations: [], byHandle: new Map() };
  const liveModels = options.liveModels ? new Set(options.liveModels.map(stripModelsPrefix)) : null;
  const isLiveModel = (model: string) => (liveModels ? liveModels.has(model) : LIVE_MODEL_ID.test(model));

  const http = await startHttpDouble<Omit<RecordedRequest, keyof ExchangeRecord>>({
    describe: describeCall,
    handle: (exchange) => {
      const { action, model, apiKey } = exchange.record;
      if (action === 'unknown' || action === 'live') {
        return exchange.respond(404, JSON_HEADERS, JSON.stringify(googleError(404, `Method not found: ${exchange.call.method} ${exchange.call.path}`)));
      }
      if (apiKey === null) return exchange.respond(403, JSON_HEADERS, JSON.stringify(googleError(403, UNREGISTERED_CALLER_MESSAGE)));
      if (!isValidKey(apiKey)) return exchange.respond(400, JSON_HEADERS, JSON.stringify(invalidKeyBody()));
      if (exchange.bodyIsMalformed) {
        return exchange.respond(400, JSON_HEADERS, JSON.stringify(googleError(400, 'Invalid JSON payload received. Unexpected token.')));
      }
      const context: ReplyContext = { model, body: exchange.record.body };
      return perform(exchange, action === 'streamGenerateContent', takeStep(action, model) ?? defaultStep(action, context), context);
    },
    upgrade: ({ call, record, req, socket, head }) => {
      if (call.path !== LIVE_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      liveServer.handleUpgrade(req, socket, head, (webSocket) => {
        serveLiveSession(webSocket, record, {
          isValidKey,
          isLiveModel,
          store: liveStore,
          takeStep: (model) => takeStep('live', model) ?? defaultStep('live', { model, body: null }),
          closing: http.closing,
        });
      });
    },
  });

  return {
    baseUrl: http.baseUrl,
    get requests() {
      return http.requests;
    },
    liveConversations: liveStore.conversations,
    requestsFor: (action, model) =>
      http.requests.filter((request) => request.action === action && (model === undefined || request.model === stripModelsPrefix(model))),
    script: (action, ...steps) => enqueue(action, undefined, steps),
    scriptFor: (model, action, ...steps) => enqueue(action, model, steps),
    reset: () => {
      queues.clear();
      http.clearRequests();
      liveStore.conversations.length = 0;
      liveStore.byHandle.clear();
    },
    close: async () => {
      for (const client of liveServer.clients) client.terminate();
      await http.close();
      liveServer.close();
    },
  };
}

function describeCall(call: IncomingCall): Omit<RecordedRequest, keyof ExchangeRecord> {
  const apiKey = headerValue(call.headers['x-goog-api-key']) ?? call.query.key ?? null;
  if (call.path === LIVE_PATH) return { action: 'live', model: '', apiKey };
  const match = MODEL_PATH.exec(call.path);
  const model = match?.[1] ?? '';
  const verb = match?.[2];
  if (match && call.method === 'GET' && verb === undefined) return { action: 'getModel', model, apiKey };
  const postAction = call.method === 'POST' ? POST_ACTIONS.find((action) => action === verb) : undefined;
  return { action: postAction ?? 'unknown', model, apiKey };
}

async function perform(exchange: HttpExchange<unknown>, streaming: boolean, step: GeminiStep, context: ReplyContext): Promise<void> {
  switch (step.kind) {
    case 'respond': {
      const body = step.body(context);
      if (streaming && step.status === 200) return sendEvents(exchange, [body], 0, undefined);
      return exchange.respond(step.status, JSON_HEADERS, JSON.stringify(body));
    }
    case 'delay':
      if (await pause(typeof step.ms === 'number' ? step.ms : step.ms(context), exchange.signal)) await perform(exchange, streaming, step.then, context);
      return;
    case 'hang':
      return untilAborted(exchange.signal);
    case 'reset':
      return exchange.destroySocket();
    case 'malformed':
      if (!streaming) return exchange.respond(200, JSON_HEADERS, MALFORMED_BODY);
      exchange.open(200, SSE_HEADERS);
      await exchange.write(`data: ${MALFORMED_BODY}\r\n\r\n`);
      return exchange.end();
    case 'stream':
      return sendEvents(exchange, step.chunks, step.chunkDelayMs, step.resetAfter);
    case 'live':
      throw new Error('liveScript() reached an HTTP request.');
  }
}

async function sendEvents(exchange: HttpExchange<unknown>, chunks: readonly unknown[], chunkDelayMs: number, resetAfter: number | undefined) {
  exchange.open(200, SSE_HEADERS);
  for (const [index, chunk] of chunks.entries()) {
    if (index === resetAfter) return exchange.destroySocket();
    if (index > 0 && chunkDelayMs > 0 && !(await pause(chunkDelayMs, exchange.signal))) return;
    await exchange.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  }
  if (resetAfter !== undefined && resetAfter >= chunks.length) return exchange.destroySocket();
  exchange.end();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
