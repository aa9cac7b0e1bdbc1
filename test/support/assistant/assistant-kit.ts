/**
 * Test-only: the real Assistant over the real gateway (against the Gemini double), a real database (its knowledge
 * base indexed from small notes, embedded by the double), the real prompts store and limiter, a fake mailbox that
 * can be connected or not, and a clock moved by hand. Requests go through assistantChatInputSchema, as the IPC
 * registry hands them over, and every chunk and step the member would see is recorded in order.
 */
import type Database from 'better-sqlite3';
import {
  assistantChatInputSchema,
  type AssistantChatInput,
  type AssistantDone,
  type AssistantStep,
} from '../../../shared/assistant';
import type { AudioClip } from '../../../shared/audio';
import type { Lang } from '../../../shared/lang';
import { ASSISTANT, GEMINI } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import type { Result } from '../../../shared/result';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { createAssistant, type Assistant } from '../../../electron/main/assistant/assistant';
import { createAssistantPromptsStore, type AssistantPromptsStore } from '../../../electron/main/assistant/assistant-prompts';
import type { ToolContext } from '../../../electron/main/assistant/tool-registry';
import { createDigestStore } from '../../../electron/main/digest/digest-store';
import type { GeminiGateway } from '../../../electron/main/gemini/gateway';
import type { StreamRequest } from '../../../electron/main/gemini/gateway-types';
import { embedChunks } from '../../../electron/main/knowledge/embed-chunks';
import { indexNotes } from '../../../electron/main/knowledge/index-folder';
import { createMemoryLogger } from '../../../electron/main/log/logger';
import { createQuestionLookups } from '../../../electron/main/mail/question-lookups';
import { ASSISTANT_BUDGET } from '../../../electron/main/rate-limit/ai-budgets';
import { createAiChannelLimiter } from '../../../electron/main/rate-limit/ai-channel-limiter';
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-secret-store';
import type { GeminiDouble, GeminiStep, RecordedRequest } from '../../doubles/gemini-double';
import { createGatewayKit, VALID_KEY } from '../gateway-test-kit';
import { knowledgeDatabase } from '../knowledge/chunks';
import { noteFiles, type Notes } from '../oracle/oracle-kit';
import { createFakeMailbox, type FakeMailbox } from '../secretary/fake-mailbox';

export const ANA: Member = { email: 'ana@crearack.com', name: 'Ana' };
export const BEN: Member = { email: 'ben@crearack.com', name: 'Ben' };
export const ASSISTANT_MODEL = DEFAULT_SETTINGS.models.assistant;
export const EMBEDDING_MODEL = DEFAULT_SETTINGS.models.embedding;
/** Tuesday 1 December 2026, 04:00 UTC: noon in Ulaanbaatar, 05:00 in Madrid. */
export const KIT_START = Date.UTC(2026, 11, 1, 4, 0, 0);
export const MEMBER_TIME_ZONE = 'Europe/Madrid';

export interface AssistantKitOptions {
  /** Indexed into the kit's knowledge base before the first request (none by default). */
  notes?: Notes;
  /** Whether the notes get vectors (default true). */
  embed?: boolean;
  /** Whether the member has a Gemini key (default true). */
  key?: boolean;
  mailbox?: FakeMailbox;
  /** Whether the member's mailbox is connected (default false). */
  connected?: boolean;
  /** How far the clock moves during each model call, as the network's time would. */
  modelLatencyMs?: number;
  /** The settings in effect (DEFAULT_SETTINGS unless given), e.g. features the machine's policy switched off. */
  settings?: Settings;
}

export interface ChatOptions {
  lang?: Lang;
  history?: Array<{ role: 'user' | 'assistant'; content: string }>;
  audio?: AudioClip;
  member?: Member;
  signal?: AbortSignal;
  /** Called with each event as it is emitted, e.g. to cancel in the middle. */
  onEvent?: (event: ChatEvent) => void;
}

export type ChatEvent = { kind: 'chunk'; text: string } | { kind: 'step'; step: AssistantStep };

export interface ChatRun {
  result: Result<AssistantDone>;
  /** Everything the member was shown while it ran, in order. */
  events: ChatEvent[];
  chunks: string[];
  steps: AssistantStep[];
}

export interface AssistantKit {
  assistant: Assistant;
  db: Database.Database;
  prompts: AssistantPromptsStore;
  mailbox: FakeMailbox;
  log: ReturnType<typeof createMemoryLogger>;
  gatewayLog: ReturnType<typeof createMemoryLogger>;
  clock: { now(): number; advance(ms: number): void };
  /** Every request the Assistant made of gateway.stream, as it made it. */
  streamCalls: StreamRequest[];
  setConnected(connected: boolean): void;
  chat(message: string, options?: ChatOptions): Promise<ChatRun>;
  /** The body of each streamGenerateContent request the double received, in order. */
  modelRequests(): ModelRequestBody[];
  /** Every request the double received since the kit was ready (the corpus embedding left out). */
  requests(): RecordedRequest[];
}

/** A streamGenerateContent request body, as the SDK writes it. */
export interface ModelRequestBody {
  contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: Array<{ functionDeclarations: Array<{ name: string; description: string; parametersJsonSchema: Record<string, unknown> }> }>;
  toolConfig?: { functionCallingConfig?: { mode?: string } };
  generationConfig?: Record<string, unknown>;
}

export async function createAssistantKit(double: GeminiDouble, options: AssistantKitOptions = {}): Promise<AssistantKit> {
  const db = knowledgeDatabase();
  const secrets = createMemorySecretStore(options.key === false ? {} : { 'gemini.apiKey': VALID_KEY });
  const { gateway: realGateway, log: gatewayLog } = createGatewayKit(double, { secrets });
  if (options.notes) {
    await indexNotes({ db, collection: 'kb', files: noteFiles(options.notes) });
    if (options.embed ?? true) {
      const embedded = await embedChunks({ db, gateway: realGateway, model: EMBEDDING_MODEL, dimensions: GEMINI.embeddingDimensions });
      if (!embedded.ok) throw new Error(`the double did not embed the test notes: ${embedded.error.message}`);
    }
  }
  const since = double.requests.length;
  let current = KIT_START;
  const now = () => current;
  let connected = options.connected ?? false;
  const mailbox = options.mailbox ?? createFakeMailbox();
  const log = createMemoryLogger();
  const prompts = createAssistantPromptsStore({ db, now });
  const streamCalls: StreamRequest[] = [];
  // Records what the Assistant asks of the gateway (attempts, timeout) and passes it on unchanged.
  const gateway: Pick<GeminiGateway, 'stream' | 'embed'> = {
    stream(request) {
      streamCalls.push(request);
      current += options.modelLatencyMs ?? 0;
      return realGateway.stream(request);
    },
    embed: realGateway.embed,
  };
  const assistant = createAssistant({
    gateway,
    db,
    digests: createDigestStore(db),
    settings: () => options.settings ?? DEFAULT_SETTINGS,
    prompts,
    limiter: createAiChannelLimiter({
      now,
      budgets: { [ASSISTANT_BUDGET]: { limit: ASSISTANT.rateLimitPerMinute, windowMs: ASSISTANT.rateLimitWindowMs } },
    }),
    mailbox,
    mailboxConnected: async () => connected,
    now,
    memberTimeZone: () => MEMBER_TIME_ZONE,
    log,
  });
  const requests = () => double.requests.slice(since);

  return {
    assistant,
    db,
    prompts,
    mailbox,
    log,
    gatewayLog,
    clock: {
      now,
      advance(ms) {
        current += ms;
      },
    },
    streamCalls,
    setConnected(value) {
      connected = value;
    },
    async chat(message, { lang = 'en', history = [], audio, member = ANA, signal = new AbortController().signal, onEvent } = {}) {
      const input: AssistantChatInput = assistantChatInputSchema.parse({ message, history, lang, ...(audio ? { audio } : {}) });
      const events: ChatEvent[] = [];
      const record = (event: ChatEvent) => {
        events.push(event);
        onEvent?.(event);
      };
      const result = await assistant.chat(input, {
        member,
        signal,
        emitChunk: (text) => record({ kind: 'chunk', text }),
        emitStep: (step) => record({ kind: 'step', step }),
      });
      return {
        result,
        events,
        chunks: events.flatMap((event) => (event.kind === 'chunk' ? [event.text] : [])),
        steps: events.flatMap((event) => (event.kind === 'step' ? [event.step] : [])),
      };
    },
    modelRequests: () =>
      requests()
        .filter((request) => request.action === 'streamGenerateContent')
        .map((request) => request.body as ModelRequestBody),
    requests,
  };
}

/** What a tool gets when run on its own: Ana's request, a fixed boundary, lookups on the fake mailbox. */
export function testToolContext(mailbox: FakeMailbox = createFakeMailbox()): ToolContext {
  return { member: ANA, boundary: 'b'.repeat(32), mail: createQuestionLookups(mailbox) };
}

/** The system instruction of a model request, as text. */
export function systemInstructionOf(body: ModelRequestBody): string {
  return body.systemInstruction?.parts.map((part) => part.text).join('') ?? '';
}

/** The names of the functions a model request declared. */
export function declaredTools(body: ModelRequestBody): string[] {
  return (body.tools ?? []).flatMap((tool) => tool.functionDeclarations.map((declaration) => declaration.name));
}

/** The functionResponse parts of the request's last turn. */
export function functionResponsesOf(body: ModelRequestBody): Array<{ id?: string; name: string; response: Record<string, unknown> }> {
  const last = body.contents.at(-1);
  return (last?.parts ?? []).flatMap((part) =>
    part.functionResponse ? [part.functionResponse as { id?: string; name: string; response: Record<string, unknown> }] : [],
  );
}

export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/** The signature the double's model attaches to a call, to be sent back unchanged. */
export function signatureFor(call: ScriptedCall): string {
  return Buffer.from(`kit-thought:${call.name}:${JSON.stringify(call.args)}`).toString('base64');
}

/**
 * A Gemini 3 turn of function calls, streamed as one event: the first call carries a thoughtSignature (Google
 * signs the first call of a parallel set), and text written before the calls, when given, comes as its own chunk.
 */
export function callsReply(calls: readonly ScriptedCall[], options: { textBefore?: string } = {}): GeminiStep {
  const parts = calls.map((call, index) => ({
    functionCall: { ...(call.id ? { id: call.id } : {}), name: call.name, args: call.args },
    ...(index === 0 ? { thoughtSignature: signatureFor(call) } : {}),
  }));
  const callsChunk = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }] };
  const textChunk = options.textBefore
    ? [{ candidates: [{ content: { role: 'model', parts: [{ text: options.textBefore }] }, index: 0 }] }]
    : [];
  return { kind: 'stream', chunks: [...textChunk, callsChunk], chunkDelayMs: 0 };
}

/** A unit vector of the embedding size whose cosine with `QUERY_VECTOR` is exactly `cosine`. */
export function vectorWithCosine(cosine: number): number[] {
  const vector = new Array<number>(GEMINI.embeddingDimensions).fill(0);
  vector[0] = cosine;
  vector[1] = Math.sqrt(1 - cosine * cosine);
  return vector;
}

/** What the double's embedding model is scripted to answer for a query (see vectorWithCosine). */
export const QUERY_VECTOR = vectorWithCosine(1);
