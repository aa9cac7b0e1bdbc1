import type { z } from 'zod';
import type { Result } from '../result';
import { domainOf } from './channel-name';
import type { Broadcasts, CancelDef, ChannelName, Contract, EventsOf, InputOf, OutputOf, StreamDef } from './define';

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

/** Stream events of the contract plus the broadcasts main sends on its own (e.g. `auth:changed`). */
type AllEvents<C extends Contract, B extends Broadcasts> =
  | EventsOf<C>
  | { [N in keyof B & string]: { name: N; payload: z.output<B[N]> } }[keyof B & string];

export type Api<C extends Contract, B extends Broadcasts = {}> = {
  readonly [Dom in DomainsOf<C>]: {
    readonly [K in keyof C & string as K extends `${Dom}:${string}` ? ActionOf<K> : never]: Method<C[K]>;
  };
} & {
  /** Subscribes to an event; returns the function that unsubscribes. */
  readonly on: <N extends AllEvents<C, B>['name']>(
    event: N,
    listener: (payload: Extract<AllEvents<C, B>, { name: N }>['payload']) => void,
  ) => () => void;
};

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
}

export function manifestOf(contract: Contract, broadcasts: Broadcasts = {}): ApiManifest {
  const events = new Set<string>(Object.keys(broadcasts));
  for (const [channel, def] of Object.entries(contract) as [ChannelName, Contract[ChannelName]][]) {
    if (def.kind !== 'stream') continue;
    for (const event of Object.keys(def.events)) events.add(event);
    events.add(`${domainOf(channel)}:done`);
    events.add(`${domainOf(channel)}:error`);
  }
  return { channels: Object.keys(contract), events: [...events] };
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
  for (const group of Object.values(api)) Object.freeze(group);
  return Object.freeze({ ...api, on }) as unknown as Api<C, B>;
}

export function buildApi<C extends Contract, B extends Broadcasts = {}>(
  contract: C,
  transport: ApiTransport,
  broadcasts?: B,
): Api<C, B> {
  return buildApiFromManifest<C, B>(manifestOf(contract, broadcasts), transport);
}
