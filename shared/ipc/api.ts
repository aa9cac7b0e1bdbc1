import type { z } from 'zod';
import type { Result } from '../result';
import { domainOf } from './channel-name';
import type { Broadcasts, CancelDef, Contract, EventsOf, InputOf, OutputOf, PayloadsOf, StreamDef, StreamEventOf } from './define';

/**
 * The renderer's whole view of main: one method per channel, grouped by domain (`api.secrets.set(...)`), and
 * typed event subscriptions. Built from the contract, so a new channel needs no hand-written glue anywhere.
 */
type Method<D> = D extends StreamDef | CancelDef | { input: z.ZodType }
  ? {} extends InputOf<D>
    ? (input?: InputOf<D>) => Promise<Result<OutputOf<D>>>
    : (input: InputOf<D>) => Promise<Result<OutputOf<D>>>
  : never;

type ActionOf<K> = K extends `${string}:${infer A}` ? A : never;

/** Stream events of the contract plus the broadcasts main sends on its own (e.g. `auth:changed`), by name. */
export type EventPayloads<C extends Contract, B extends Broadcasts> = PayloadsOf<
  EventsOf<C> | { [N in keyof B & string]: { name: N; payload: z.output<B[N]> } }[keyof B & string]
>;

export type Api<C extends Contract, B extends Broadcasts = {}> = {
  readonly [Dom in DomainsOf<C>]: {
    readonly [K in keyof C & string as K extends `${Dom}:${string}` ? ActionOf<K> : never]: Method<C[K]>;
  };
} & {
  /** Subscribes to an event; returns the function that unsubscribes. */
  readonly on: <N extends keyof EventPayloads<C, B> & string>(
    event: N,
    listener: (payload: EventPayloads<C, B>[N]) => void,
  ) => () => void;
  /**
   * Subscribes to every event of one stream channel (its progress events and its own terminal events), each handed
   * over as one `StreamEventOf` value; returns the function that unsubscribes. Calls are told apart by requestId.
   */
  readonly onStream: <K extends StreamChannelOf<C>>(
    channel: K,
    listener: (event: StreamEventFor<C, K>) => void,
  ) => () => void;
};

/** The events of stream channel `K` of contract `C`, as `onStream` hands them over. */
export type StreamEventFor<C extends Contract, K extends keyof C> = StreamEventOf<StreamDefOf<C, K>>;
export type StreamDefOf<C extends Contract, K extends keyof C> = Extract<C[K], StreamDef>;

export type StreamChannelOf<C extends Contract> = { [K in keyof C & string]: C[K] extends StreamDef ? K : never }[keyof C & string];

type DomainsOf<C extends Contract> = keyof C extends infer K ? (K extends `${infer D}:${string}` ? D : never) : never;

/** What a transport must provide: the preload does it with ipcRenderer, the test harness with a WebSocket. */
export interface ApiTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * What a transport needs to know of the contract: the channel and event names, as plain data. The preload gets it
 * written in at build time, so the sandboxed page's bundle carries names, not schemas.
 */
export interface ApiManifest {
  readonly channels: readonly string[];
  readonly events: readonly string[];
  /** Each stream channel's progress events and the two events that end its calls. */
  readonly streams: Readonly<Record<string, { readonly events: readonly string[]; readonly done: string; readonly error: string }>>;
}

export function manifestOf(contract: Contract, broadcasts: Broadcasts = {}): ApiManifest {
  const events = new Set<string>(Object.keys(broadcasts));
  const streams: Record<string, ApiManifest['streams'][string]> = {};
  for (const [channel, def] of Object.entries(contract)) {
    if (def.kind !== 'stream') continue;
    streams[channel] = { events: Object.keys(def.events), ...def.terminal };
    for (const event of [...Object.keys(def.events), def.terminal.done, def.terminal.error]) events.add(event);
  }
  return { channels: Object.keys(contract), events: [...events], streams };
}

export function buildApiFromManifest<C extends Contract, B extends Broadcasts = {}>(
  manifest: ApiManifest,
  transport: ApiTransport,
): Api<C, B> {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of manifest.channels) {
    const domain = domainOf(channel);
    const action = channel.slice(domain.length + 1);
    api[domain] ??= {};
    api[domain][action] = (input: unknown = {}) => transport.invoke(channel, input);
  }
  const allowed = new Set(manifest.events);
  const on = (event: string, listener: (payload: unknown) => void) => {
    if (!allowed.has(event)) throw new Error(`Unknown event: ${event}`);
    return transport.subscribe(event, listener);
  };
  const onStream = (channel: string, listener: (event: object) => void) => {
    const stream = Object.hasOwn(manifest.streams, channel) ? manifest.streams[channel] : undefined;
    if (!stream) throw new Error(`Not a stream channel: ${channel}`);
    const tell = (kind: string, name?: string) => (payload: unknown) => listener({ ...(payload as object), kind, ...(name ? { name } : {}) });
    const unsubscribe = [
      ...stream.events.map((event) => transport.subscribe(event, tell('progress', event))),
      transport.subscribe(stream.done, tell('done')),
      transport.subscribe(stream.error, tell('error')),
    ];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  };
  for (const group of Object.values(api)) Object.freeze(group);
  // The one place the contract's types meet the transport's untyped payloads: main validated each against it.
  return Object.freeze({ ...api, on, onStream }) as unknown as Api<C, B>;
}

export function buildApi<C extends Contract, B extends Broadcasts = {}>(
  contract: C,
  transport: ApiTransport,
  broadcasts?: B,
): Api<C, B> {
  return buildApiFromManifest<C, B>(manifestOf(contract, broadcasts), transport);
}
