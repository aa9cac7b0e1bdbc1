import type { z } from 'zod';
import type { StreamChannelOf, StreamDefOf, StreamEventFor } from '../../../shared/ipc/api';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { AppContract } from '../../../shared/ipc/contract';
import type { AppError, Result } from '../../../shared/result';

/** The channels that answer with a requestId and then report through events (`assistant:chat`, `digest:run`). */
export type StreamChannel = StreamChannelOf<AppContract>;

type EventOf<K extends StreamChannel> = StreamEventFor<AppContract, K>;
/** One progress event of `K` (e.g. `assistant:chunk` or `assistant:step`), told apart by `name`. */
export type ProgressOf<K extends StreamChannel> = Extract<EventOf<K>, { kind: 'progress' }>;
/** What a finished call of `K` ends with. */
export type StreamDoneOf<K extends StreamChannel> = z.output<StreamDefOf<AppContract, K>['done']>;

export interface StreamWatch<K extends StreamChannel> {
  onProgress?(event: ProgressOf<K>): void;
  onDone(value: StreamDoneOf<K>): void;
  /** Why the call failed, or why main would not start it. */
  onError(error: AppError): void;
}

/** How to start the call, and how to cancel it once main has named it (a stream without a cancel channel has none). */
export interface StreamCalls {
  start(): Promise<Result<{ requestId: string }>>;
  cancel?(requestId: string): Promise<unknown>;
}

/** A stream call this page started. After either method, `watch` hears nothing more of it. */
export interface FollowedStream {
  /** Stops listening and has main cancel the call: at once, or as soon as main has answered with its requestId. */
  cancel(): void;
  /** Stops listening only: main's work goes on (e.g. a pass whose result main announces anyway). */
  stop(): void;
}

/**
 * Starts a stream call and hands its events to `watch`, once each, in order, never before this returns. The events
 * are the channel's own, as the contract declares them (its progress events and its own terminal events), so two
 * kinds of call never hear each other's end. The page subscribes before it asks: main may send the first events
 * before its answer with the requestId arrives, so those are held until the requestId is known, then replayed;
 * events of any other call are ignored. Listening ends with done or error, or with `cancel` or `stop`.
 */
export function followStream<K extends StreamChannel>(
  api: AppApi,
  channel: K,
  calls: StreamCalls,
  watch: StreamWatch<K>,
): FollowedStream {
  let requestId: string | null = null;
  let ended = false;
  let cancelWanted = false;
  const held: EventOf<K>[] = [];

  function receive(event: EventOf<K>) {
    if (ended) return;
    if (requestId === null) held.push(event);
    else if (event.requestId === requestId) deliver(event);
  }

  function deliver(event: EventOf<K>) {
    switch (event.kind) {
      case 'progress':
        watch.onProgress?.(event);
        return;
      case 'done':
        stop();
        watch.onDone(event.value);
        return;
      case 'error':
        stop();
        watch.onError(event.error);
    }
  }

  const unsubscribe = api.onStream(channel, receive);
  function stop() {
    ended = true;
    unsubscribe();
  }

  void calls.start().then((started) => {
    if (!started.ok) {
      if (ended) return;
      stop();
      watch.onError(started.error);
      return;
    }
    requestId = started.value.requestId;
    if (cancelWanted) void calls.cancel?.(requestId);
    for (const event of held.splice(0)) receive(event);
  });

  return {
    stop,
    cancel() {
      if (ended) return;
      stop();
      if (requestId === null) cancelWanted = true;
      else void calls.cancel?.(requestId);
    },
  };
}
