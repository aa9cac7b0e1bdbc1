import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { AssistantStep } from '../../../shared/assistant';
import { SECRETARY } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { ok, type AppError, type Result } from '../../../shared/result';
import {
  keepRecentHistory,
  type SecretaryAnswer,
  type SecretaryAskInput,
  type SecretarySource,
} from '../../../shared/secretary';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import { readLatestDigest, type LatestDigests } from '../mail/latest-digest';
import type { MailboxPort } from '../mail/mailbox-port';
import { createQuestionLookups, type Lookup, type LookupAction, type QuestionLookups } from '../mail/question-lookups';
import { newBoundary } from '../prompt/untrusted-data';
import type { SettingsStore } from '../settings/settings-store';
import { answerSources, foundSoFar } from './answer-sources';
import { createChatQueries } from './chat-queries';
import { actionSchema, finalActionSchema, plainAnswer, type AnswerAction } from './secretary-action';
import { buildSecretaryPrompt, type PromptView } from './secretary-prompt';

export interface SecretaryDeps {
  gateway: Pick<GeminiGateway, 'generateJson'>;
  mailbox: MailboxPort;
  /** Where the question's telemetry row is written (S13). */
  db: Database.Database;
  /** The member's mailbox passes: the latest is the question's main context (S7). */
  digests: LatestDigests;
  /** Read at every question, so a model changed in Settings applies to the next one. */
  settings: Pick<SettingsStore, 'get'>;
  /** Epoch milliseconds: the rate-limit window, the telemetry row's time and `duration_ms`. */
  now: () => number;
  log: Logger;
}

export interface AskContext {
  /** The verified staff member: whose mailbox, whose digest, whose rate limit. */
  member: Member;
  /** Aborts the model call or mailbox request in flight. */
  signal: AbortSignal;
  /** Hears each mailbox lookup as soon as it has run, so the pane shows it before the answer comes. */
  emitStep?: (step: AssistantStep) => void;
}

export interface Secretary {
  ask(input: SecretaryAskInput, ctx: AskContext): Promise<Result<SecretaryAnswer>>;
}

type Answered = { answer: string; sources: SecretarySource[] };

/**
 * A lookup as the pane's step line shows it, in the words of the Assistant's mail tools (`search_mail` with what it
 * found, `read_mail` with how the read went): ids, terms and counts, none of the mail's text.
 */
function lookupStep(action: LookupAction, lookup: Lookup): AssistantStep {
  if (action.action === 'buscar') {
    // Only the terms the model gave: an empty one means "not given" (S3).
    const terms = Object.fromEntries((['query', 'from', 'subject'] as const).flatMap((field) => (action[field] ? [[field, action[field]]] : [])));
    const found = lookup.kind === 'search' ? lookup.results.length : 0;
    return { tool: 'search_mail', args: terms, result: { found }, ok: true };
  }
  const { messageId, folderId } = action;
  return { tool: 'read_mail', args: { messageId, folderId }, result: { status: lookup.kind }, ok: true };
}

/** What one model call decided: an action, or why not (`unusable`: JSON that is no action, even after repair). */
type Decision<T> = { ok: true; action: T } | { ok: false; error: AppError; unusable: boolean };

/**
 * The secretary's question loop (seeds 000, S3 to S13): the model picks `responder`, `buscar` or
 * `leer` in constrained JSON; the app runs the lookup on the member's mailbox and asks again, at most
 * SECRETARY.maxToolRounds times, then once more for an answer. Nothing of the mail or the conversation is
 * written anywhere (S12); the log gets counts and ids only.
 */
export function createSecretary(deps: SecretaryDeps): Secretary {
  const { gateway, mailbox, log } = deps;
  const queries = createChatQueries({ db: deps.db, log });
  const { digests } = deps;

  async function decide<T>(
    prompt: string,
    schema: z.ZodType<T>,
    model: string,
    signal: AbortSignal,
  ): Promise<Decision<T | AnswerAction>> {
    const reply = await gateway.generateJson({
      model,
      contents: prompt,
      schema,
      generation: { ...SECRETARY.generation },
      attempts: SECRETARY.modelAttempts,
      timeoutMs: SECRETARY.modelTimeoutMs,
      signal,
    });
    if (reply.ok) return { ok: true, action: reply.value };
    const { failure } = reply;
    if (failure.kind !== 'malformed') return { ok: false, error: reply.error, unusable: false };
    // S3: prose instead of JSON is the model answering; the gateway has already asked once for a repair.
    const prose = plainAnswer(failure.raw);
    if (prose === null) return { ok: false, error: reply.error, unusable: true };
    return { ok: true, action: { action: 'responder', answer: prose } };
  }

  function answered(action: AnswerAction, lookups: QuestionLookups): Answered {
    return { answer: action.answer, sources: answerSources(lookups, action.sources, mailbox.webUrl) };
  }

  async function converse(
    view: Omit<PromptView, 'lookups' | 'final'>,
    lookups: QuestionLookups,
    model: string,
    ctx: Pick<AskContext, 'signal' | 'emitStep'>,
  ): Promise<Result<Answered>> {
    const { signal } = ctx;
    const prompt = (final: boolean) => buildSecretaryPrompt({ ...view, lookups: lookups.done, final });
    while (lookups.done.length < SECRETARY.maxToolRounds) {
      const decision = await decide(prompt(false), actionSchema, model, signal);
      if (!decision.ok) return { ok: false, error: decision.error };
      const { action } = decision;
      if (action.action === 'responder') return ok(answered(action, lookups));
      const lookup = await lookups.run(action, signal);
      if (!lookup.ok) return lookup;
      ctx.emitStep?.(lookupStep(action, lookup.value));
    }
    const last = await decide(prompt(true), finalActionSchema, model, signal);
    if (last.ok) return ok(answered(last.action, lookups));
    return last.unusable ? ok(foundSoFar(lookups, mailbox.webUrl)) : { ok: false, error: last.error };
  }

  return {
    async ask(input, ctx) {
      const started = deps.now();
      const { member } = ctx;
      // S9: before anything goes upstream; a refused question is not counted.
      const admitted = queries.admit(member.email, input.question, started);
      if (!admitted.ok) {
        log.info('secretary question refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
        return admitted;
      }
      const model = deps.settings.get().models.secretary;
      const lookups = createQuestionLookups(mailbox);
      const view = {
        memberName: member.name?.trim() || member.email,
        boundary: newBoundary(),
        digest: readLatestDigest(digests, member.email, log),
        history: keepRecentHistory(input.history),
        question: input.question,
      };
      const result = await converse(view, lookups, model, ctx);
      const durationMs = Math.max(0, Math.round(deps.now() - started));
      const toolRounds = lookups.done.length;
      admitted.value.finish({ toolRounds, durationMs });

      if (!result.ok) {
        log.warn('secretary question failed', { code: result.error.code, reason: result.error.reason, toolRounds });
        return { ok: false, error: result.error };
      }
      log.info('secretary answered', {
        model,
        toolRounds,
        durationMs,
        read: lookups.read.map((message) => message.messageId),
        sources: result.value.sources.length,
      });
      return ok({ ...result.value, tool_rounds: toolRounds, duration_ms: durationMs, model });
    },
  };
}
