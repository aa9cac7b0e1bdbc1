import { z } from 'zod';
import { appErrorSchema } from '../result';

/** `domain:action`, as in DESIGN section 4. */
export type ChannelName = `${string}:${string}`;

export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export interface UnaryDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, P extends boolean = boolean> {
  readonly kind: 'unary';
  readonly input: I;
  readonly output: O;
  /**
   * Protected channels need a verified, unexpired staff session; the registry enforces it, never a handler, and
   * their handlers are typed with the member present.
   */
  readonly protected: P;
}

export interface StreamDef<
  I extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  E extends Record<ChannelName, z.ZodType> = Record<ChannelName, z.ZodType>,
  P extends boolean = boolean,
> {
  readonly kind: 'stream';
  readonly input: I;
  /** The value carried by `<domain>:done` when the work finishes. */
  readonly done: D;
  /** Progress events (`<domain>:chunk`, `<domain>:step`, ...), each tagged with the call's requestId. */
  readonly events: E;
  readonly protected: P;
}

/**
 * `<domain>:cancel`: aborts a running call of this domain by requestId; the registry serves it. Streams get their
 * requestId from the registry; a unary call is cancellable when its input carries `requestId: requestIdSchema`
 * chosen by the caller (so the answer keeps its plain shape, e.g. `secretary:ask`).
 */
export interface CancelDef {
  readonly kind: 'cancel';
  readonly input: typeof cancelInputSchema;
  readonly output: typeof cancelOutputSchema;
  readonly protected: false;
}

export type ChannelDef = UnaryDef | StreamDef | CancelDef;
export type Contract = Record<ChannelName, ChannelDef>;
/** Events main sends on its own, not in answer to a call (e.g. `auth:changed`), with their payload schema. */
export type Broadcasts = Record<ChannelName, z.ZodType>;

const cancelInputSchema = z.strictObject({ requestId: requestIdSchema });
const cancelOutputSchema = z.object({ cancelled: z.boolean() });
export const streamStartSchema = z.object({ requestId: requestIdSchema });

export function unary<I extends z.ZodType, O extends z.ZodType, const P extends boolean = false>(def: {
  input: I;
  output: O;
  protected?: P;
}): UnaryDef<I, O, P> {
  return { kind: 'unary', protected: (def.protected ?? false) as P, input: def.input, output: def.output };
}

export function stream<
  I extends z.ZodType,
  D extends z.ZodType,
  E extends Record<ChannelName, z.ZodType>,
  const P extends boolean = false,
>(def: { input: I; done: D; events: E; protected?: P }): StreamDef<I, D, E, P> {
  return { kind: 'stream', protected: (def.protected ?? false) as P, input: def.input, done: def.done, events: def.events };
}

export function cancel(): CancelDef {
  return { kind: 'cancel', protected: false, input: cancelInputSchema, output: cancelOutputSchema };
}

export { domainOf } from './channel-name';

/** The events every streaming domain has besides its own: the end of a call, one way or the other. */
export function terminalEvents(domain: string) {
  return {
    done: `${domain}:done` as ChannelName,
    error: `${domain}:error` as ChannelName,
  };
}

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
  [K in keyof C]: C[K] extends StreamDef<z.ZodType, infer Done, infer E>
    ?
        | { [N in keyof E]: { name: N; payload: { requestId: string; data: z.output<E[N]> } } }[keyof E]
        | { name: `${DomainOf<K & string>}:done`; payload: { requestId: string; value: z.output<Done> } }
        | { name: `${DomainOf<K & string>}:error`; payload: z.output<typeof streamErrorPayloadSchema> }
    : never;
}[keyof C];

export type DomainOf<K extends string> = K extends `${infer D}:${string}` ? D : never;
