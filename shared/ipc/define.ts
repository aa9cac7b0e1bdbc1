import { z } from 'zod';
import { appErrorSchema } from '../result';

/** `domain:action`: the domain names the folder of electron/main that handles it (docs/architecture.md). */
export type ChannelName = `${string}:${string}`;

export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * The app's windows. Each has its own allowlist of channels in the contract (`windowChannels`): a page may call
 * only what its window needs, whatever the page renders.
 */
export const APP_WINDOWS = ['main', 'quickAsk', 'indicator', 'signIn'] as const;
export type AppWindow = (typeof APP_WINDOWS)[number];

export interface UnaryDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, P extends boolean = boolean> {
  readonly kind: 'unary';
  readonly input: I;
  readonly output: O;
  /**
   * Protected channels need a verified, unexpired staff session; the registry enforces it, never a handler, and
   * their handlers are typed with the member present.
   */
  readonly protected: P;
  /**
   * The most well-formed calls one window may make in any second (a stream of frames); above it the registry
   * answers RATE_LIMITED before the handler runs. Unset: unbounded, as a member's clicks are.
   */
  readonly callsPerSecond?: number;
  /**
   * A call that feeds a running stream call (the microphone's frames into `assistant:live`): its input's `requestId`
   * must name a call of that channel this same window started and that is still running, or the registry refuses
   * it, as it refuses a cancel of another window's call. The handler gets only calls that belong to the caller.
   */
  readonly feeds?: ChannelName;
}

/**
 * The two events that end a stream call, named in its definition so that no two calls share them: `done` carries
 * `{requestId, value}`, `error` carries `{requestId, error}`.
 */
export interface StreamTerminal<Done extends ChannelName = ChannelName, Failed extends ChannelName = ChannelName> {
  readonly done: Done;
  readonly error: Failed;
}

export interface StreamDef<
  I extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  E extends Record<ChannelName, z.ZodType> = Record<ChannelName, z.ZodType>,
  P extends boolean = boolean,
  T extends StreamTerminal = StreamTerminal,
> {
  readonly kind: 'stream';
  readonly input: I;
  /** The value carried by the `terminal.done` event when the work finishes. */
  readonly done: D;
  /** Progress events (`assistant:chunk`, `assistant:step`, ...), each tagged with the call's requestId. */
  readonly events: E;
  readonly terminal: T;
  readonly protected: P;
}

/**
 * Aborts a running call of the one channel it names (`of`), by requestId; the registry serves it. Streams get their
 * requestId from the registry; a unary call is cancellable when its input carries `requestId: requestIdSchema`
 * chosen by the caller (so the answer keeps its plain shape, e.g. `oracle:ask`).
 */
export interface CancelDef<Of extends ChannelName = ChannelName> {
  readonly kind: 'cancel';
  readonly of: Of;
  readonly input: typeof cancelInputSchema;
  readonly output: typeof cancelOutputSchema;
  readonly protected: false;
}

export type ChannelDef = UnaryDef | StreamDef | CancelDef;
export type Contract = Record<ChannelName, ChannelDef>;
/** Deny by default: the channels each window's page may call; a channel no list names is refused to every page. */
export type WindowChannels<C extends Contract> = { readonly [W in AppWindow]: readonly (keyof C & string)[] };
/** Events main sends on its own, not in answer to a call (e.g. `auth:changed`), with their payload schema. */
export type Broadcasts = Record<ChannelName, z.ZodType>;

const cancelInputSchema = z.strictObject({ requestId: requestIdSchema });
const cancelOutputSchema = z.object({ cancelled: z.boolean() });
export const streamStartSchema = z.object({ requestId: requestIdSchema });

export function unary<I extends z.ZodType, O extends z.ZodType, const P extends boolean = false>(def: {
  input: I;
  output: O;
  protected?: P;
  callsPerSecond?: number;
  feeds?: ChannelName;
}): UnaryDef<I, O, P> {
  const { input, output, callsPerSecond, feeds } = def;
  return {
    kind: 'unary',
    protected: (def.protected ?? false) as P,
    input,
    output,
    ...(callsPerSecond === undefined ? {} : { callsPerSecond }),
    ...(feeds === undefined ? {} : { feeds }),
  };
}

export function stream<
  I extends z.ZodType,
  D extends z.ZodType,
  E extends Record<ChannelName, z.ZodType>,
  const T extends StreamTerminal,
  const P extends boolean = false,
>(def: { input: I; done: D; events: E; terminal: T; protected?: P }): StreamDef<I, D, E, P, T> {
  const { input, done, events, terminal } = def;
  return { kind: 'stream', protected: (def.protected ?? false) as P, input, done, events, terminal };
}

export function cancel<const Of extends ChannelName>(of: Of): CancelDef<Of> {
  return { kind: 'cancel', of, protected: false, input: cancelInputSchema, output: cancelOutputSchema };
}

export { domainOf } from './channel-name';

export const streamErrorPayloadSchema = z.object({ requestId: requestIdSchema, error: appErrorSchema });

// ---- Types derived from a contract ----

export type InputOf<D> = D extends { input: infer I extends z.ZodType } ? z.input<I> : never;
export type ParsedInputOf<D> = D extends { input: infer I extends z.ZodType } ? z.output<I> : never;
export type OutputOf<D> = D extends StreamDef
  ? z.output<typeof streamStartSchema>
  : D extends { output: infer O extends z.ZodType }
    ? z.output<O>
    : never;
export type DoneOf<D> = D extends StreamDef<z.ZodType, infer Done> ? z.output<Done> : never;

/** Every event a contract can send to the renderer, with its payload as the page receives it. */
export type EventsOf<C extends Contract> = {
  [K in keyof C]: C[K] extends StreamDef<z.ZodType, infer Done, infer E, boolean, infer T>
    ?
        | { [N in keyof E]: { name: N; payload: { requestId: string; data: z.output<E[N]> } } }[keyof E]
        | { name: T['done']; payload: { requestId: string; value: z.output<Done> } }
        | { name: T['error']; payload: z.output<typeof streamErrorPayloadSchema> }
    : never;
}[keyof C];

/**
 * One event of a stream call, as `api.onStream(channel, listener)` hands it over: a progress event by name, or the
 * call's end. Built from the channel's definition alone, so it is exact for each channel.
 */
export type StreamEventOf<D extends StreamDef> =
  | { [N in keyof D['events']]: { kind: 'progress'; name: N; requestId: string; data: z.output<D['events'][N]> } }[keyof D['events']]
  | { kind: 'done'; requestId: string; value: z.output<D['done']> }
  | { kind: 'error'; requestId: string; error: z.output<typeof appErrorSchema> };

/** Each event's payload by its name: what `api.on(name, listener)` hands the listener. */
export type PayloadsOf<Events extends { name: PropertyKey; payload: unknown }> = {
  [E in Events as E['name']]: E['payload'];
};

