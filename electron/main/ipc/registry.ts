import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type AppWindow,
  type CancelDef,
  type ChannelDef,
  type ChannelName,
  type Contract,
  type ParsedInputOf,
  type StreamDef,
  type UnaryDef,
  type WindowChannels,
} from '../../../shared/ipc/define';
import { IPC } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { appErrorSchema, err, ok, type Err, type Result } from '../../../shared/result';
import type { Logger } from '../log/logger';
import { checkInputBudget, requestTooLarge } from './input-budget';
import { inputError } from './input-error';
import type { Sender, SenderPolicy } from './sender';

export interface CallContext {
  readonly sender: Sender;
  /** Aborted when the call is cancelled or its window goes away; pass it to every upstream request. */
  readonly signal: AbortSignal;
  /** Set on protected channels (the registry refused the call otherwise); may be null elsewhere. */
  readonly member: Member | null;
}

export interface StreamContext<E> extends CallContext {
  readonly requestId: string;
  emit<N extends keyof E & string>(event: N, data: E[N] extends z.ZodType ? z.input<E[N]> : never): void;
}

type Awaitable<T> = T | Promise<T>;
type HandlerOutput<D> = D extends { output: infer O extends z.ZodType } ? z.input<O> : never;

/** The context of a protected channel's handler: the registry refused the call unless a member is signed in. */
type ContextFor<D, Base extends CallContext> = D extends { protected: true } ? Base & { readonly member: Member } : Base;

/** One handler per channel of the contract: a missing handler is a compile error. */
export type Handlers<C extends Contract> = {
  [K in keyof C as C[K] extends CancelDef ? never : K]: C[K] extends UnaryDef
    ? (input: ParsedInputOf<C[K]>, ctx: ContextFor<C[K], CallContext>) => Awaitable<Result<HandlerOutput<C[K]>>>
    : C[K] extends StreamDef<z.ZodType, infer D, infer E>
      ? (input: ParsedInputOf<C[K]>, ctx: ContextFor<C[K], StreamContext<E>>) => Promise<Result<z.input<D>>>
      : never;
};

export interface RegistryDeps<C extends Contract> {
  contract: C;
  handlers: Handlers<C>;
  isTrustedSender: SenderPolicy;
  /** Each window's allowlist of channels (the contract's `windowChannels`). */
  windowChannels: WindowChannels<C>;
  /** Which of the app's windows a trusted sender is the page of; null for none the app knows (refused everything). */
  windowOf: (sender: Sender) => AppWindow | null;
  /** The verified session, if any. */
  currentMember: () => Member | null;
  /**
   * Told after a protected call was refused for want of a session (the call has its answer already): the auth
   * session uses it to reopen the sign-in window after an expiry.
   */
  onUnauthenticated?: (channel: string) => void;
  log: Logger;
  /** Milliseconds on a monotonic clock, for the channels with a rate bound. */
  now?: () => number;
}

export interface Registry<C extends Contract> {
  readonly channels: readonly (keyof C & string)[];
  /** Every call from every transport goes through here: sender, window, session, size, schema, handler, Result. */
  call(channel: unknown, input: unknown, sender: Sender): Promise<Result<unknown>>;
  /** Aborts what a sender still has running (its window closed or reloaded). */
  releaseSender(senderId: string): void;
}

/** A call that can still be aborted: every stream, and every unary call (cancellable when it named a requestId). */
interface RunningCall {
  readonly channel: string;
  readonly senderId: string;
  readonly controller: AbortController;
}

const SECOND_MS = 1000;

const SAFE_INTERNAL_MESSAGE = 'Something went wrong inside the app. The details are in the log; please try again.';

export function createRegistry<C extends Contract>(deps: RegistryDeps<C>): Registry<C> {
  const { contract, handlers, isTrustedSender, windowOf, currentMember, onUnauthenticated, log } = deps;
  const allowed = new Map(Object.entries(deps.windowChannels).map(([window, channels]) => [window, new Set<string>(channels)]));
  // Keyed by sender and requestId: a requestId chosen by one window can neither collide with nor cancel another's.
  const running = new Map<string, RunningCall>();
  const keyOf = (senderId: string, requestId: string) => `${senderId}\u0000${requestId}`;
  const now = deps.now ?? (() => performance.now());
  // Per window and channel, the times of the calls in the last second, oldest first.
  const recentCalls = new Map<string, number[]>();

  /** False when one more call of `channel` from this window would exceed its callsPerSecond. */
  function withinRate(channel: string, senderId: string, perSecond: number): boolean {
    const key = keyOf(senderId, channel);
    const at = now();
    const times = (recentCalls.get(key) ?? []).filter((time) => time > at - SECOND_MS);
    if (times.length >= perSecond) {
      recentCalls.set(key, times);
      return false;
    }
    times.push(at);
    recentCalls.set(key, times);
    return true;
  }

  function track(channel: string, senderId: string, requestId: string) {
    const key = keyOf(senderId, requestId);
    // A requestId still running for this window is not taken over: the new call gets its own, unnamed slot.
    const slot = running.has(key) ? keyOf(senderId, randomUUID()) : key;
    const call: RunningCall = { channel, senderId, controller: new AbortController() };
    running.set(slot, call);
    return { controller: call.controller, release: () => running.delete(slot) };
  }

  /**
   * What a unary channel's definition bounds beyond its schema: which running call it may feed, and how often. Only
   * a well-formed call is counted: a malformed one is always told what is wrong with it.
   */
  function unaryBounds(channel: string, def: UnaryDef, input: unknown, senderId: string): Err | null {
    if (def.feeds !== undefined) {
      const named = (input as { requestId?: unknown }).requestId;
      const fed = typeof named === 'string' ? running.get(keyOf(senderId, named)) : undefined;
      if (fed?.channel !== def.feeds) return err('INVALID_INPUT', 'No such request is running in this window.');
    }
    if (def.callsPerSecond !== undefined && !withinRate(channel, senderId, def.callsPerSecond)) {
      return err('RATE_LIMITED', 'Too many requests from this window; slow down.', { retryAfterMs: SECOND_MS });
    }
    return null;
  }

  function handlerFor<F>(channel: string): F {
    const handler = (handlers as Record<string, unknown>)[channel];
    // The Handlers type makes a missing handler a compile error; this guards a contract edited at runtime.
    if (typeof handler !== 'function') throw new Error(`no handler for ${channel}`);
    return handler as F;
  }

  function internal(channel: string, phase: string, error: unknown): Result<never> {
    log.error('ipc handler failed', { channel, phase, error });
    return err('INTERNAL', SAFE_INTERNAL_MESSAGE);
  }

  function parseOutput(channel: string, schema: z.ZodType, value: unknown): Result<unknown> {
    const parsed = schema.safeParse(value);
    // An output that breaks the contract is our bug; strip-parsing also keeps undeclared fields from leaking.
    return parsed.success ? ok(parsed.data) : internal(channel, 'output', parsed.error);
  }

  async function runUnary(channel: string, def: UnaryDef, input: unknown, base: Omit<CallContext, 'signal'>) {
    // A unary input that carries a requestId (e.g. a question with a Cancel button) can be aborted by it.
    const named = (input as { requestId?: unknown }).requestId;
    const { controller, release } = track(channel, base.sender.id, typeof named === 'string' ? named : randomUUID());
    try {
      const handler = handlerFor<(i: unknown, c: CallContext) => Awaitable<Result<unknown>>>(channel);
      const result = await handler(input, { ...base, signal: controller.signal });
      return result.ok ? parseOutput(channel, def.output, result.value) : errorOnly(result);
    } catch (error) {
      return internal(channel, 'handler', error);
    } finally {
      release();
    }
  }

  function startStream(channel: ChannelName, def: StreamDef, input: unknown, base: Omit<CallContext, 'signal'>) {
    const requestId = randomUUID();
    const { done, error } = def.terminal;
    const { controller, release } = track(channel, base.sender.id, requestId);
    const deliver = (event: string, payload: unknown) => {
      if (!controller.signal.aborted) base.sender.send(event, payload);
    };
    const ctx: StreamContext<Record<string, z.ZodType>> = {
      ...base,
      signal: controller.signal,
      requestId,
      emit(event, data) {
        const schema = def.events[event as ChannelName];
        if (!schema) throw new Error(`${channel} has no event ${event}`);
        deliver(event, { requestId, data: schema.parse(data) });
      },
    };
    const handler = handlerFor<(i: unknown, c: typeof ctx) => Promise<Result<unknown>>>(channel);
    void (async () => {
      let result: Result<unknown>;
      try {
        result = await handler(input, ctx);
        if (result.ok) result = parseOutput(channel, def.done, result.value);
      } catch (thrown) {
        // A cancelled stream that throws (AbortError) has ended as asked: nothing to report.
        result = controller.signal.aborted ? err('INTERNAL', 'Cancelled.') : internal(channel, 'stream', thrown);
      }
      if (result.ok) deliver(done, { requestId, value: result.value });
      else deliver(error, { requestId, error: errorOnly(result).error });
      release();
    })();
    return ok({ requestId });
  }

  function cancel(def: CancelDef, requestId: string, sender: Sender) {
    const key = keyOf(sender.id, requestId);
    const entry = running.get(key);
    // Only the window that started a call may cancel it, and only through the cancel channel of that call's channel.
    if (!entry || entry.channel !== def.of) return ok({ cancelled: false });
    entry.controller.abort();
    running.delete(key);
    return ok({ cancelled: true });
  }

  return {
    channels: Object.keys(contract) as (keyof C & string)[],

    async call(channel, input, sender) {
      if (typeof channel !== 'string' || !Object.hasOwn(contract, channel)) {
        return err('INVALID_INPUT', 'Unknown channel.');
      }
      if (!isTrustedSender(sender)) {
        log.warn('ipc call refused: untrusted sender', { channel, url: sender.url, isMainFrame: sender.isMainFrame });
        return err('UNAUTHENTICATED', 'This request did not come from the app window.');
      }
      const window = windowOf(sender);
      if (window === null || !allowed.get(window)?.has(channel)) {
        log.warn('ipc call refused: not for this window', { channel, window, url: sender.url });
        return err('UNAUTHENTICATED', 'This window of the app may not make this request.');
      }
      const def = (contract as Contract)[channel as ChannelName] as ChannelDef;
      const member = currentMember();
      if (def.protected && !member) {
        onUnauthenticated?.(channel);
        return err('UNAUTHENTICATED', 'Sign in with your staff account first.');
      }
      const budget = checkInputBudget(input, IPC.maxInputBytes, IPC.maxInputDepth);
      if (budget === 'too_large') return requestTooLarge();
      if (budget === 'too_deep') return err('INVALID_INPUT', 'The request is nested too deeply.');
      // Leaving the input out means "nothing" only where the channel takes nothing; null is never "nothing".
      const given = input === undefined && takesNoInput(def.input) ? {} : input;
      const parsed = def.input.safeParse(given);
      if (!parsed.success) return inputError(parsed.error);
      if (def.kind === 'unary') {
        const refused = unaryBounds(channel, def, parsed.data, sender.id);
        if (refused) return refused;
      }

      const base = { sender, member };
      switch (def.kind) {
        case 'unary':
          return runUnary(channel, def, parsed.data, base);
        case 'stream':
          return startStream(channel as ChannelName, def, parsed.data, base);
        case 'cancel':
          return cancel(def, (parsed.data as { requestId: string }).requestId, sender);
        default:
          return internal(channel, 'dispatch', new Error('unknown channel kind'));
      }
    },

    releaseSender(senderId) {
      for (const key of recentCalls.keys()) if (key.startsWith(`${senderId}\u0000`)) recentCalls.delete(key);
      for (const [key, entry] of running) {
        if (entry.senderId === senderId) {
          entry.controller.abort();
          running.delete(key);
        }
      }
    },
  };
}

/** Only the declared error fields cross IPC, whatever else a failure carried inside main (causes, raw output). */
function errorOnly(result: Err): Err {
  return { ok: false, error: appErrorSchema.parse(result.error) };
}

/** A channel whose input is the empty object (the contract's noInput), which a tool may call without one. */
function takesNoInput(schema: z.ZodType): boolean {
  return schema instanceof z.ZodObject && Object.keys(schema.shape).length === 0;
}
