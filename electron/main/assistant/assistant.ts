import type Database from 'better-sqlite3';
import {
  DEGRADED_ANSWER,
  type AssistantChatInput,
  type AssistantDone,
  type AssistantSource,
  type AssistantStep,
} from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import type { Lang } from '../../../shared/lang';
import type { Member } from '../../../shared/member';
import { ok, type AppError, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import { failureError, type GeminiFailure } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';
import type { Turn, UserPart, UserTurn } from '../gemini/gateway-types';
import { ASSISTANT_ATTEMPTS, isLongQuotaWait, isTransient } from '../gemini/retry-policy';
import { historyTurn } from '../gemini/turns';
import type { Logger } from '../log/logger';
import type { LatestDigests } from '../mail/latest-digest';
import type { MailboxPort } from '../mail/mailbox-port';
import { createQuestionLookups } from '../mail/question-lookups';
import { newBoundary } from '../prompt/untrusted-data';
import { ASSISTANT_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import { buildAssistantSystemInstruction } from './assistant-prompt';
import type { AssistantPromptsStore } from './assistant-prompts';
import { createToolRegistry, type ToolContext, type ToolRegistry } from './tool-registry';
import { createGetServerTimeTool } from './tools/get-server-time';
import { createMailTools } from './tools/mail-tools';
import { createSearchKnowledgeTool } from './tools/search-knowledge';
import { createTranscriptReader } from './voice-transcript';

export interface AssistantDeps {
  /** The loop's model calls, and search_knowledge's query vectors. */
  gateway: Pick<GeminiGateway, 'stream' | 'embed'>;
  /** The app database: the knowledge chunks search_knowledge reads. */
  db: Database.Database;
  /** The member's mailbox passes: the mail tools read the latest. */
  digests: LatestDigests;
  /** Read at every request: models.assistant and models.embedding as they are now. */
  settings: () => Settings;
  prompts: Pick<AssistantPromptsStore, 'get'>;
  limiter: AiChannelLimiter<typeof ASSISTANT_BUDGET>;
  mailbox: MailboxPort;
  /** Asked at every request: the mail tools exist for the model only while this says yes. */
  mailboxConnected: () => Promise<boolean>;
  /** Epoch milliseconds: the date in the prompt, get_server_time and `duration_ms`. */
  now: () => number;
  /** The member's IANA time zone, as their computer is set now. */
  memberTimeZone: () => string;
  log: Logger;
}

export interface ChatContext {
  /** The verified member: whose rate limit, whose mailbox and digest. */
  member: Member;
  /** The member's cancel: it aborts the model call or the tool in flight, and ends the request. */
  signal: AbortSignal;
  /** Text of the answer as it is generated (G8). */
  emitChunk(text: string): void;
  /** Each tool call as it finishes ("what the AI did", G1). */
  emitStep(step: AssistantStep): void;
  /**
   * V1: what the member said in a voice question, once, before the first chunk of the answer. Where it is left
   * out, the transcript still comes in the done value.
   */
  emitTranscript?(text: string): void;
}

/** What one question has to work with: the model, the tools as they are now, and the system prompt. */
export interface PreparedQuestion {
  readonly model: string;
  readonly registry: ToolRegistry;
  /** A new context for each question (its own mail lookups, S6), with the boundary the system prompt names. */
  toolContext(): ToolContext;
  readonly systemInstruction: string;
  readonly mailConnected: boolean;
}

export interface Assistant {
  /**
   * `admitted`: the caller counted this question against the AI channel's limit already (a Live voice question
   * answered by this path after all, G9: once).
   */
  chat(input: AssistantChatInput, ctx: ChatContext, options?: { admitted?: boolean }): Promise<Result<AssistantDone>>;
  /** The tools, their context and the system prompt for a question in `lang` (`voice`: one asked aloud). */
  prepare(member: Member, options: { lang: Lang; voice: boolean; model: string }): Promise<PreparedQuestion>;
}

/** Separates the text of two rounds of the loop (text the model wrote before a call, then its answer). */
const ROUND_SEPARATOR = '\n\n';

/** A model turn with neither words nor calls: what the member reads, whichever way the question was asked. */
export const EMPTY_ANSWER: AppError = {
  code: 'UPSTREAM',
  message: 'Gemini ended without writing an answer. Try again, or ask in fewer words.',
  reason: 'empty_answer',
};

/**
 * The Assistant (seeds 004, G1 to G9): a Gemini chat with tools, streamed. Each round the model may call tools;
 * the app runs them, sends the model's turn back unchanged with one turn of their results, and asks again, up to
 * ASSISTANT.maxToolSteps rounds of calls, then once more without tools so that it answers. A model that cannot be
 * reached after the gateway's retries gives a localized fallback, never an error (G3). The log gets counts, tool
 * names and durations: never the message, the mail, the notes or the answer.
 */
export function createAssistant(deps: AssistantDeps): Assistant {
  const { log } = deps;
  const baseTools = [
    createSearchKnowledgeTool({ db: deps.db, gateway: deps.gateway, settings: deps.settings, log }),
    createGetServerTimeTool({ now: deps.now, memberTimeZone: deps.memberTimeZone }),
  ];
  const withMail = [...baseTools, ...createMailTools({ mailbox: deps.mailbox, digests: deps.digests, log })];

  const prepare: Assistant['prepare'] = async (member, { lang, voice, model }) => {
    // The machine's policy may keep the mailbox out of the Assistant's reach: its tools are then not offered.
    const mailConnected = deps.settings().features.mailTools && (await deps.mailboxConnected());
    const boundary = newBoundary();
    return {
      model,
      mailConnected,
      registry: createToolRegistry(mailConnected ? withMail : baseTools, log),
      toolContext: () => ({ member, boundary, mail: createQuestionLookups(deps.mailbox) }),
      systemInstruction: buildAssistantSystemInstruction({
        prompts: deps.prompts.get().prompts,
        lang,
        boundary,
        now: deps.now(),
        memberTimeZone: deps.memberTimeZone(),
        voice,
      }),
    };
  };

  return {
    prepare,
    async chat(input, ctx, options = {}) {
      const started = deps.now();
      const { member } = ctx;
      // G9: before anything goes upstream; a refused request is not counted.
      const admitted = options.admitted ? ok(undefined) : deps.limiter.admit(ASSISTANT_BUDGET, member.email);
      if (!admitted.ok) {
        log.info('assistant request refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
        return admitted;
      }
      const voice = input.audio !== undefined;
      const question = await prepare(member, { lang: input.lang, voice, model: deps.settings().models.assistant });
      const { model, mailConnected } = question;
      const conversation = await converse({
        gateway: deps.gateway,
        input,
        ctx,
        model,
        registry: question.registry,
        toolContext: question.toolContext(),
        systemInstruction: question.systemInstruction,
      });
      const durationMs = Math.max(0, Math.round(deps.now() - started));
      const { steps, rounds } = conversation;
      const tools = steps.map((step) => step.tool);
      if (!conversation.ok) {
        const { error } = conversation;
        log.warn('assistant request failed', { model, code: error.code, reason: error.reason, voice, rounds, tools, durationMs });
        return { ok: false, error };
      }
      const { answer, sources, degraded, incomplete, transcript } = conversation;
      // Whether speech was heard, never what: the transcript is the member's words.
      const noSpeech = transcript === '';
      log.info(noSpeech ? 'assistant heard no speech' : 'assistant answered', {
        model,
        voice,
        rounds,
        tools,
        failedTools: steps.filter((step) => !step.ok).length,
        sources: sources.length,
        mailConnected,
        degraded,
        incomplete,
        durationMs,
      });
      const done = { answer, steps, sources, degraded, incomplete, model, duration_ms: durationMs };
      return ok(transcript === undefined ? done : { ...done, transcript });
    },
  };
}

interface Conversation {
  gateway: AssistantDeps['gateway'];
  registry: ToolRegistry;
  model: string;
  input: AssistantChatInput;
  ctx: ChatContext;
  toolContext: ToolContext;
  systemInstruction: string;
}

type Outcome = { steps: AssistantStep[]; rounds: number } & (
  | { ok: true; answer: string; sources: AssistantSource[]; degraded: boolean; incomplete: boolean; transcript: string | undefined }
  | { ok: false; error: AppError }
);

async function converse(c: Conversation): Promise<Outcome> {
  const { registry, model, input, ctx } = c;
  const contents: Turn[] = [...input.history.slice(-ASSISTANT.historyMaxTurns).map(historyTurn), memberTurn(input)];
  const steps: AssistantStep[] = [];
  const sources = new Map<string, AssistantSource>();
  let answer = '';
  let rounds = 0;
  let newRound = false;
  const show = (text: string) => {
    if (text === '') return;
    if (newRound && answer !== '') {
      answer += ROUND_SEPARATOR;
      ctx.emitChunk(ROUND_SEPARATOR);
    }
    newRound = false;
    answer += text;
    ctx.emitChunk(text);
  };
  // V1: a voice reply opens with the transcript. An empty one means no speech, and the call stops there.
  const stop = new AbortController();
  const heard = input.audio
    ? createTranscriptReader({ onTranscript: (text) => (text === '' ? stop.abort() : ctx.emitTranscript?.(text)), onText: show })
    : null;
  const signal = heard ? AbortSignal.any([ctx.signal, stop.signal]) : ctx.signal;
  const answered = (degraded: boolean, incomplete: boolean) => ({
    ok: true as const,
    answer,
    steps,
    sources: [...sources.values()],
    degraded,
    incomplete,
    rounds,
    transcript: heard?.transcript,
  });
  const cancelled = () => ({ ok: false as const, error: failureError({ kind: 'cancelled' }, model), steps, rounds });

  for (;;) {
    // After the last round of calls the model may call nothing more: it must answer with what it has.
    const withTools = rounds < ASSISTANT.maxToolSteps;
    const reply = await c.gateway.stream({
      model,
      contents,
      systemInstruction: c.systemInstruction,
      tools: registry.declarations(),
      toolChoice: withTools ? 'auto' : 'none',
      generation: { maxOutputTokens: ASSISTANT.maxOutputTokens },
      attempts: ASSISTANT_ATTEMPTS,
      timeoutMs: ASSISTANT.modelTimeoutMs,
      signal,
      onChunk: (chunk) => (heard ? heard.read(chunk.text) : show(chunk.text)),
    });
    if (reply.ok) heard?.endRound();
    if (heard?.transcript === '') return answered(false, false);
    if (!reply.ok) {
      const { failure } = reply;
      if (failure.kind === 'cancelled') return { ok: false, error: reply.error, steps, rounds };
      // The member has read part of an answer: it stays, marked unfinished, whatever stopped it.
      if (answer !== '') return answered(degrades(failure), true);
      if (!degrades(failure)) return { ok: false, error: reply.error, steps, rounds };
      show(DEGRADED_ANSWER[input.lang]);
      return answered(true, false);
    }
    const generation = reply.value;
    if (!withTools || generation.functionCalls.length === 0) {
      // A turn with neither words nor calls (its output budget spent on thinking, say) answers nothing.
      return answer === '' ? { ok: false, error: EMPTY_ANSWER, steps, rounds } : answered(false, false);
    }

    rounds += 1;
    newRound = true;
    contents.push(generation.content);
    const responses: UserPart[] = [];
    for (const call of generation.functionCalls) {
      if (ctx.signal.aborted) return cancelled();
      const run = await registry.run(call, c.toolContext, ctx.signal);
      if (ctx.signal.aborted) return cancelled();
      steps.push(run.step);
      ctx.emitStep(run.step);
      for (const source of run.sources) sources.set(sourceKey(source), source);
      responses.push({ functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name, response: run.response } });
    }
    contents.push({ role: 'user', parts: responses });
  }
}

/**
 * G3: what the gateway could not get past with its retries (the connection, the clock, a busy server, a
 * per-minute quota) or a reply it could not read: the member gets the fallback, not an error. A refused key,
 * an unknown model, a per-day quota or a refused request would fail the same way again: they are errors. So is a
 * quota that names a long wait: it was handed back unretried, and the pane counts its wait down.
 */
function degrades(failure: GeminiFailure): boolean {
  return (isTransient(failure) && !isLongQuotaWait(failure)) || failure.kind === 'malformed';
}

/** The new message, with a voice recording inline when there is one (V1: the model hears it directly). */
function memberTurn(input: AssistantChatInput): UserTurn {
  const parts: UserPart[] = [];
  if (input.message.trim() !== '') parts.push({ text: input.message });
  if (input.audio) parts.push({ inlineData: { mimeType: input.audio.mimeType, data: input.audio.data } });
  return { role: 'user', parts };
}

/** A note passage is one source however many searches found it; a message, however often it was read. */
export function sourceKey(source: AssistantSource): string {
  return source.kind === 'note' ? JSON.stringify(['note', source.path, source.chunkTitle]) : JSON.stringify(['mail', source.messageId]);
}
