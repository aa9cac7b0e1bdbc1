import type { z } from 'zod';
import type { AssistantSource, AssistantStep } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import type { Result } from '../../../shared/result';
import type { FunctionCall, ToolDeclaration } from '../gemini/gateway-types';
import { decoderJsonSchema } from '../gemini/json-schema';
import type { Logger } from '../log/logger';
import type { QuestionLookups } from '../mail/question-lookups';

/** What every tool of one chat request may use: whose request it is, and the request's own state. */
export interface ToolContext {
  /** The verified member: tools act with their identity (their digest, their mailbox). */
  readonly member: Member;
  /** Marks untrusted data (notes, mail) in what tools return; new for every request (prompt/untrusted-data.ts). */
  readonly boundary: string;
  /** The mail this request looked up: read_mail opens only what a search in this request returned (S6). */
  readonly mail: QuestionLookups;
}

/** What a tool hands back: `output` goes to the model; `sources` are the notes or mail it drew on. */
export interface ToolOutput {
  readonly output: unknown;
  readonly sources?: readonly AssistantSource[];
}

export interface ToolDefinition<S extends z.ZodType> {
  /** How the model calls it (letters, digits and underscores). */
  readonly name: string;
  /** When the model should call it, and what it gets back. */
  readonly description: string;
  /** Its arguments: the declaration's JSON Schema is derived from it, and the model's arguments checked with it. */
  readonly args: S;
  /** ASSISTANT.toolTimeoutMs when not given. */
  readonly timeoutMs?: number;
  /**
   * Runs with checked arguments. An error Result's message reaches the model, so it must be a sentence about the
   * tool (Zoho is unreachable), never data. `signal` aborts on the tool's timeout and on the member's cancel.
   */
  execute(ctx: ToolContext, args: z.output<S>, signal: AbortSignal): Promise<Result<ToolOutput>>;
}

/** A tool as the registry holds it, whatever its arguments' type. */
export interface Tool {
  readonly declaration: ToolDeclaration;
  readonly timeoutMs: number;
  /** The model's arguments checked: a run of the tool with them, or what is wrong with them. */
  prepare(args: unknown): { ok: true; run: (ctx: ToolContext, signal: AbortSignal) => Promise<Result<ToolOutput>> } | { ok: false; problem: string };
}

/** G2: one definition per tool; its declaration is derived once, here. */
export function defineTool<S extends z.ZodType>(definition: ToolDefinition<S>): Tool {
  const declaration = {
    name: definition.name,
    description: definition.description,
    parameters: decoderJsonSchema(definition.args),
  };
  return {
    declaration,
    timeoutMs: definition.timeoutMs ?? ASSISTANT.toolTimeoutMs,
    prepare(args) {
      const parsed = definition.args.safeParse(args);
      if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
      return { ok: true, run: (ctx, signal) => definition.execute(ctx, parsed.data, signal) };
    },
  };
}

/** What the model is sent back for one call: FunctionResponse.response. */
export type ToolResponse = { output: unknown } | { error: string };

export interface ToolRun {
  response: ToolResponse;
  /** The call as the member sees it; its `result` is what the model was given. */
  step: AssistantStep;
  /** Only when the model was given the tool's output. */
  sources: readonly AssistantSource[];
}

export interface ToolRegistry {
  /** The functions the model may call. */
  declarations(): ToolDeclaration[];
  /**
   * Runs one call the model made. Nothing that goes wrong here is an error for the member (G2): an unknown tool,
   * invalid arguments, a failure, a timeout or a result too large all reach the model as `{error}`.
   */
  run(call: FunctionCall, ctx: ToolContext, signal: AbortSignal): Promise<ToolRun>;
}

const SECOND_MS = 1000;

export function createToolRegistry(tools: readonly Tool[], log: Logger): ToolRegistry {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.declaration.name)) throw new Error(`Two tools are named ${tool.declaration.name}.`);
    byName.set(tool.declaration.name, tool);
  }

  function refused(call: FunctionCall, error: string): ToolRun {
    return { response: { error }, step: { tool: call.name, args: { ...call.args }, result: { error }, ok: false }, sources: [] };
  }

  return {
    declarations: () => tools.map((tool) => tool.declaration),

    async run(call, ctx, signal) {
      const tool = byName.get(call.name);
      if (!tool) {
        log.warn('assistant tool unknown', { tool: call.name });
        const known = [...byName.keys()].join(', ');
        return refused(call, `There is no tool named ${JSON.stringify(call.name)}. The tools you can call are: ${known}.`);
      }
      const prepared = tool.prepare(call.args);
      if (!prepared.ok) {
        log.warn('assistant tool arguments invalid', { tool: call.name });
        return refused(call, `The arguments of ${call.name} are invalid: ${prepared.problem}. Call it again with valid arguments.`);
      }
      const outcome = await withinTimeout(tool.timeoutMs, signal, (toolSignal) => prepared.run(ctx, toolSignal));
      switch (outcome.kind) {
        case 'timeout': {
          log.warn('assistant tool timed out', { tool: call.name, timeoutMs: tool.timeoutMs });
          const seconds = Math.ceil(tool.timeoutMs / SECOND_MS);
          return refused(
            call,
            `${call.name} took longer than ${seconds} second${seconds === 1 ? '' : 's'} and was stopped. Answer without it, or try a narrower request.`,
          );
        }
        case 'cancelled':
          return refused(call, 'The member cancelled the request.');
        case 'threw':
          // The exception is a bug: its name and message go to the log (they describe code, not the member's data).
          log.error('assistant tool threw', { tool: call.name, error: describeThrown(outcome.error) });
          return refused(call, `${call.name} failed unexpectedly. Answer without it.`);
        case 'done':
          break;
      }
      const { result } = outcome;
      if (!result.ok) {
        log.warn('assistant tool failed', { tool: call.name, code: result.error.code, reason: result.error.reason });
        return refused(call, `${call.name} failed: ${result.error.message}`);
      }
      const size = JSON.stringify(result.value.output ?? null).length;
      if (size > ASSISTANT.toolResultMaxChars) {
        log.warn('assistant tool result too large', { tool: call.name, chars: size });
        return refused(
          call,
          `The result of ${call.name} was too large to send (${size} characters, at most ${ASSISTANT.toolResultMaxChars}). Ask for less, e.g. a narrower search.`,
        );
      }
      const { output, sources = [] } = result.value;
      return { response: { output }, step: { tool: call.name, args: { ...call.args }, result: output, ok: true }, sources };
    },
  };
}

type Outcome<T> = { kind: 'done'; result: T } | { kind: 'threw'; error: unknown } | { kind: 'timeout' } | { kind: 'cancelled' };

/**
 * Runs `work` with a signal that aborts after `timeoutMs` or when `caller` aborts, and stops waiting for it then
 * even if it ignores its signal: a stuck tool never holds the conversation.
 */
async function withinTimeout<T>(
  timeoutMs: number,
  caller: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<Outcome<T>> {
  if (caller.aborted) return { kind: 'cancelled' };
  const deadline = new AbortController();
  const signal = AbortSignal.any([caller, deadline.signal]);
  let stop = () => {};
  const stopped = new Promise<Outcome<T>>((resolve) => {
    stop = () => resolve(caller.aborted ? { kind: 'cancelled' } : { kind: 'timeout' });
    signal.addEventListener('abort', stop, { once: true });
  });
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    // Through then(), so that a tool throwing before its first await is caught like one that rejects.
    const ran = Promise.resolve()
      .then(() => work(signal))
      .then(
        (result): Outcome<T> => ({ kind: 'done', result }),
        (error: unknown): Outcome<T> => ({ kind: 'threw', error }),
      );
    return await Promise.race([ran, stopped]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
}
