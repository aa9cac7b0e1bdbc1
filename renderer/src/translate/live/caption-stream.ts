import { liveInputMs } from '../../../../shared/audio';
import type { AppApi } from '../../../../shared/ipc/app-api';
import { LIVE } from '../../../../shared/limits';
import type { CaptionStreamState, StreamedLine, TranslateLiveInput } from '../../../../shared/live-captions';
import type { AppError } from '../../../../shared/result';
import type { SpeechCaptureEvent } from '../../audio/speech-capture';
import { followStream, type FollowedStream } from '../../ui/follow-stream';

/** How a source's stream ended: Stop heard to the end, Live translation unavailable, or a failure. */
export type CaptionStreamEnd =
  | { readonly kind: 'stopped' }
  | { readonly kind: 'unavailable'; readonly reason: string }
  | { readonly kind: 'failed'; readonly error: AppError };

export interface CaptionStreamWatch {
  line(line: StreamedLine): void;
  audio(pcm: Uint8Array): void;
  state(state: CaptionStreamState): void;
  ended(end: CaptionStreamEnd): void;
}

export interface CaptionStream {
  /** What the capture heard: the frames around speech go to main as they come, each pause as `translate:livePause`. */
  take(event: SpeechCaptureEvent): void;
  /** Stop: after the last frame, main hears that nothing more will be said, and finishes the lines in progress. */
  end(): void;
  /** Let go at once (the session is forgotten): main drops the stream. */
  cancel(): void;
  /**
   * Main's lines are final up to `fromMs`: what the capture heard after it, as capture events, for the pause-cut path
   * to caption should this stream end early. Nothing before it, so no words are captioned twice.
   */
  unheard(fromMs: number): SpeechCaptureEvent[];
  /** Main's lines are final up to `ms`: the speech before it is no longer kept. */
  settled(ms: number): void;
}

/** What is kept of one stretch of speech until main's final lines cover it. */
interface Stretch {
  readonly startMs: number;
  readonly frames: Extract<SpeechCaptureEvent, { kind: 'frame' }>[];
  end: Extract<SpeechCaptureEvent, { kind: 'end' }> | null;
}

const frameEndMs = (frame: { atMs: number; pcm: Uint8Array }) => frame.atMs + liveInputMs(frame.pcm.byteLength);

/**
 * One source's captions streamed to a Live translation session in main (issue 25): `translate:live` is opened at
 * Start, while the microphone opens and the voice detection loads; the frames the capture hands out (speech only,
 * with its pre-roll) wait here, in order, until main has named the stream, then go as they come. The speech is kept
 * in memory until main's final lines cover it, so the pause-cut path can caption it should streaming end early.
 */
export function createCaptionStream(api: AppApi, input: TranslateLiveInput, watch: CaptionStreamWatch): CaptionStream {
  const waiting: (() => void)[] = [];
  let requestId: string | null = null;
  let seq = 0;
  let ended = false;
  let endSent = false;
  const stretches: Stretch[] = [];
  /** Frames handed out in the same task (the backlog heard while the voice detection loaded), to go as few calls. */
  let pending: { atMs: number; pcm: Uint8Array }[] = [];

  const send = (call: (id: string) => void) => {
    if (requestId === null) waiting.push(() => call(requestId!));
    else call(requestId);
  };

  const stream: FollowedStream = followStream(
    api,
    'translate:live',
    {
      start: async () => {
        const started = await api.translate.live(input);
        if (started.ok) {
          requestId = started.value.requestId;
          for (const call of waiting.splice(0)) call();
        }
        return started;
      },
      cancel: (id) => api.translate.liveCancel({ requestId: id }),
    },
    {
      onProgress: (event) => {
        if (event.name === 'translate:liveLine') watch.line(event.data);
        else if (event.name === 'translate:liveAudio') watch.audio(event.data.pcm);
        else watch.state(event.data);
      },
      onDone: (done) => {
        ended = true;
        watch.ended(done.ended === 'stopped' ? { kind: 'stopped' } : { kind: 'unavailable', reason: done.reason ?? 'other' });
      },
      onError: (error) => {
        ended = true;
        watch.ended({ kind: 'failed', error });
      },
    },
  );

  /**
   * What the capture handed out in one go leaves as frames of up to LIVE.frameMaxBytes each, so a backlog of seconds
   * stays within the calls a window may make in a second; a frame heard live, alone in its task, goes as it is.
   */
  function sendPending(): void {
    const frames = pending;
    pending = [];
    if (ended) return;
    for (let at = 0; at < frames.length; ) {
      const first = frames[at]!;
      let bytes = 0;
      let end = at;
      while (end < frames.length && bytes + frames[end]!.pcm.byteLength <= LIVE.frameMaxBytes) bytes += frames[end++]!.pcm.byteLength;
      const pcm = new Uint8Array(bytes);
      frames.slice(at, end).reduce((offset, frame) => (pcm.set(frame.pcm, offset), offset + frame.pcm.byteLength), 0);
      const frame = { seq: seq++, atMs: first.atMs, pcm };
      send((id) => void api.translate.liveFrame({ requestId: id, ...frame }));
      at = end;
    }
  }

  return {
    take(event) {
      if (ended || endSent) return;
      switch (event.kind) {
        case 'start':
          stretches.push({ startMs: event.atMs, frames: [], end: null });
          return;
        case 'frame':
          stretches.at(-1)?.frames.push(event);
          if (pending.length === 0) queueMicrotask(sendPending);
          pending.push({ atMs: event.atMs, pcm: event.pcm });
          return;
        case 'end': {
          const stretch = stretches.at(-1);
          if (stretch && stretch.end === null) stretch.end = event;
          sendPending();
          send((id) => void api.translate.livePause({ requestId: id, atMs: event.atMs }));
          return;
        }
        case 'detector':
      }
    },
    end() {
      if (ended || endSent) return;
      endSent = true;
      sendPending();
      send((id) => void api.translate.liveEnd({ requestId: id }));
    },
    cancel() {
      ended = true;
      stream.cancel();
    },
    unheard(fromMs) {
      const events: SpeechCaptureEvent[] = [];
      for (const stretch of stretches) {
        const frames = stretch.frames.filter((frame) => frameEndMs(frame) > fromMs);
        if (frames.length === 0 && (stretch.end?.atMs ?? Infinity) <= fromMs) continue;
        events.push({ kind: 'start', atMs: Math.max(stretch.startMs, frames[0]?.atMs ?? fromMs) }, ...frames);
        if (stretch.end) events.push(stretch.end);
      }
      return events;
    },
    settled(ms) {
      while (stretches.length > 0 && stretches[0]!.end !== null && stretches[0]!.end.atMs <= ms) stretches.shift();
    },
  };
}
