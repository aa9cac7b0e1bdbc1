import type { z } from 'zod';
import type { AppApi } from '../../../shared/ipc/app-api';
import { domainOf } from '../../../shared/ipc/channel-name';
import type { AppChannel, AppContract } from '../../../shared/ipc/contract';
import type { DoneOf, EventsOf, StreamDef } from '../../../shared/ipc/define';
import type { AppError, Result } from '../../../shared/result';

type AppEvent = EventsOf<AppContract>;

/** The channels that answer with a requestId and then report through events (`zoho:connect`, `digest:run`). */
export type StreamChannel = { [K in AppChannel]: AppContract[K] extends StreamDef ? K : never }[AppChannel];

/** The progress events a stream channel declares (e.g. `zoho:progress`). */
export type ProgressEventOf<K extends StreamChannel> =
  AppContract[K] extends StreamDef<z.ZodType, z.ZodType, infer E> ? keyof E & AppEvent['name'] : never;

type ProgressPayload<N> = Extract<AppEvent, { name: N }>['payload'];
type ProgressData<N> = ProgressPayload<N> extends { data: infer D } ? D : never;

export interface StreamWatch<K extends StreamChannel, N extends ProgressEventOf<K>> {
  onProgress(data: ProgressData<N>): void;
  onDone(value: DoneOf<AppContract[K]>): void;
  /** Why the call failed, or why main would not start it. */
  onError(error: AppError): void;
}

/** How to start the call, and how to cancel it once main has named it. */
export interface StreamCalls {
  start(): Promise<Result<{ requestId: string }>>;
  cancel(requestId: string): Promise<unknown>;
}

/** A stream call this page started. After either method, `watch` hears nothing more of it. */
export interface FollowedStream {
  /** Stops listening and has main cancel the call: at once, or as soon as main has answered with its requestId. */
  cancel(): void;
  /** Stops listening only: main's work goes on (e.g. a pass whose result main announces anyway). */
  stop(): void;
}

type Tagged = { requestId: string; data?: unknown; value?: unknown; error?: AppError };
type Kind = 'progress' | 'done' | 'error';

/**
 * Starts a stream call and hands its events to `watch`, once each, in order, never before this returns. The page
 * subscribes before it asks: main may send the first events before its answer with the requestId arrives, so those
 * are held until the requestId is known, then replayed; events of any other call are ignored. Listening ends with
 * done or error, or with `cancel` or `stop`.
 */
export function followStream<K extends StreamChannel, N extends ProgressEventOf<K>>(
  api: AppApi,
  channel: K,
  progress: N,
  calls: StreamCalls,
  watch: StreamWatch<K, N>,
): FollowedStream {
  // The typed `on` cannot be called with a name chosen by a generic; the payload types are restored in `deliver`.
  const on = api.on as (event: string, listener: (payload: Tagged) => void) => () => void;
  const domain = domainOf(channel);
  let requestId: string | null = null;
  let ended = false;
  let cancelWanted = false;
  const held: [Kind, Tagged][] = [];

  const subscriptions = [
    on(progress, (payload) => receive('progress', payload)),
    on(`${domain}:done`, (payload) => receive('done', payload)),
    on(`${domain}:error`, (payload) => receive('error', payload)),
  ];
  function stop() {
    ended = true;
    for (const unsubscribe of subscriptions) unsubscribe();
  }

  function receive(kind: Kind, payload: Tagged) {
    if (ended) return;
    if (requestId === null) held.push([kind, payload]);
    else if (payload.requestId === requestId) deliver(kind, payload);
  }

  function deliver(kind: Kind, payload: Tagged) {
    if (kind === 'progress') {
      watch.onProgress(payload.data as ProgressData<N>);
      return;
    }
    stop();
    if (kind === 'done') watch.onDone(payload.value as DoneOf<AppContract[K]>);
    else watch.onError(payload.error as AppError);
  }

  void calls.start().then((started) => {
    if (!started.ok) {
      if (ended) return;
      stop();
      watch.onError(started.error);
      return;
    }
    requestId = started.value.requestId;
    if (cancelWanted) void calls.cancel(requestId);
    for (const [kind, payload] of held.splice(0)) receive(kind, payload);
  });

  return {
    stop,
    cancel() {
      if (ended) return;
      stop();
      if (requestId === null) cancelWanted = true;
      else void calls.cancel(requestId);
    },
  };
}
