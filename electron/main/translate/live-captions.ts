import { liveInputMs } from '../../../shared/audio';
import type {
  CaptionFrameInput,
  CaptionPauseInput,
  CaptionSource,
  CaptionStreamDone,
  CaptionStreamState,
  StreamedLine,
  TranslateLiveInput,
} from '../../../shared/live-captions';
import { LIVE_CAPTIONS } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Result } from '../../../shared/result';
import type { Features, Settings } from '../../../shared/settings';
import { failureError, type GeminiFailure } from '../gemini/failure';
import type { LiveConnection, LiveEvent, OpenLive } from '../gemini/live-types';
import type { Logger } from '../log/logger';
import { CAPTION_STREAM_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import { offByPolicy } from '../settings/policy-locks';

/** What a captions stream tells the page (the contract's `translate:live` events). */
export interface CaptionStreamEvents {
  line(line: StreamedLine): void;
  audio(pcm: Uint8Array): void;
  state(state: CaptionStreamState): void;
}

export interface CaptionStreamContext {
  member: Member;
  /** Aborted by the page's cancel or when its window goes away. */
  signal: AbortSignal;
  /** The registry's id for the stream: its frames, pauses and end name it. */
  requestId: string;
  emit: CaptionStreamEvents;
}

export interface LiveCaptionsDeps {
  openLive: OpenLive;
  settings: () => Settings;
  /** G9, issue 25: streamed audio counts against its own budget, in milliseconds of audio. */
  limiter: AiChannelLimiter<typeof CAPTION_STREAM_BUDGET>;
  /** Runs `run` after `ms`; the returned function cancels it. */
  after: (ms: number, run: () => void) => () => void;
  log: Logger;
}

export interface LiveCaptions {
  /** One source's captions, from Start to Stop; resolves when they end (stopped, unavailable, cancelled, failed). */
  stream(input: TranslateLiveInput, ctx: CaptionStreamContext): Promise<Result<CaptionStreamDone>>;
  frame(input: CaptionFrameInput): Result<Record<string, never>>;
  pause(input: CaptionPauseInput): Result<Record<string, never>>;
  end(requestId: string): Result<Record<string, never>>;
  /**
   * The machine's policy changed what is on (issue 28). Live modes off: every stream ends off_by_policy, and the page
   * captions by the pause-cut path. Spoken answers are read at each piece of audio.
   */
  featuresChanged(features: Features): void;
  /** Sign-out, quit: every stream ends, and nothing of it is kept. */
  close(): void;
}

interface Line {
  readonly id: string;
  readonly startMs: number;
  endMs: number;
  /**
   * Words and translation by the connection that sent them, in the order connections were opened: a connection
   * draining after goAway and its successor may answer at once, and their text must not interleave.
   */
  readonly parts: Map<number, { heard: string; said: string }>;
  /** The line's audio, kept (in memory only) until it is final, to be sent again after a dropped connection. */
  frames: Uint8Array[];
  paused: boolean;
  final: boolean;
  stopSettle: () => void;
}

/** One connection of a stream. */
interface Link {
  readonly epoch: number;
  connection: LiveConnection | null;
  /** Lines whose words this connection still owes, oldest first: each of its turnCompletes ends the first. */
  readonly owed: Line[];
  /** goAway: new audio goes to the next connection; this one finishes what it heard. */
  draining: boolean;
}

type Outgoing = { line: Line; pcm: Uint8Array } | { line: Line; pause: true };

interface Stream {
  readonly input: TranslateLiveInput;
  readonly ctx: CaptionStreamContext;
  readonly key: string;
  readonly model: string;
  /** Lines not final yet, in speaking order. */
  readonly lines: Line[];
  /** The line new frames belong to; null after a pause or the model's turn boundary. */
  current: Line | null;
  linesMade: number;
  nextSeq: number;
  lastFrameEndMs: number;
  /** The connection new audio goes to, once open. */
  active: Link | null;
  readonly links: Set<Link>;
  epochs: number;
  /** What waits, in order, for the next connection to open. */
  outbox: Outgoing[];
  /** A later line's audio, in order, held while an earlier line's last words are still being translated. */
  held: Outgoing[];
  handle: string | null;
  /** Failed connections in a row. */
  failures: number;
  state: CaptionStreamState['state'];
  streamedMs: number;
  ending: boolean;
  settled: boolean;
  readonly ended: AbortController;
  stopRetry: () => void;
  settle(result: Result<CaptionStreamDone>): void;
}

const NO_TIMER = () => undefined;
/** Why a stream whose source is its target ends before it opens. */
const SAME_LANGUAGE = 'same_language';

/** A failure the member must fix (the key, the keychain): the stream ends with it rather than falling back. */
const MEMBER_FAILURES = new Set<GeminiFailure['kind']>(['missing_key', 'keychain', 'invalid_key']);
/** Live translation will not serve this key or language: the page falls back to the pause-cut path at once. */
const REFUSALS = new Set<GeminiFailure['kind']>(['unknown_model', 'permission_denied', 'bad_request', 'unsupported', 'safety']);

/** One connection's words end where the next one's begin: a word boundary, whatever spacing each piece carried. */
const joinParts = (texts: readonly string[]) =>
  texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join(' ');
const frameMs = (pcm: Uint8Array) => liveInputMs(pcm.byteLength);
const clip = (text: string) => text.slice(0, LIVE_CAPTIONS.lineMaxChars);
const backoffMs = (failures: number) => Math.min(LIVE_CAPTIONS.reconnectMaxMs, LIVE_CAPTIONS.reconnectBaseMs * 2 ** (failures - 1));

/**
 * Live captions streamed over a Gemini Live translation session (issue 25): one session per source ("You", the
 * microphone; "Others", the computer's audio). Frames go upstream as they arrive; the words heard and their
 * translation grow the line in progress, which is final at the speaker's pause (once the model ends its turn, or
 * LIVE_CAPTIONS.settleMs later) or at the model's own turn boundary, and never changes after. goAway moves the session
 * to a new connection with its resumption handle while the old one finishes; a dropped connection is opened again
 * with backoff and every line not yet final is heard again from its audio, kept in memory until then. Where Live
 * translation cannot serve, the stream ends `unavailable` and the page captions by the pause-cut path (T2).
 */
export function createLiveCaptions(deps: LiveCaptionsDeps): LiveCaptions {
  const { log } = deps;
  const byRequest = new Map<string, Stream>();
  const bySource = new Map<string, Stream>();

  const sourceKey = (email: string, source: CaptionSource) => JSON.stringify([email, source]);
  /** The page asked to hear the translation, and the machine's policy (read now: it may change mid-meeting) lets it. */
  const speaks = (stream: Stream) => stream.input.speak && deps.settings().features.spokenAnswers;

  function emitState(stream: Stream, state: CaptionStreamState['state'], attempt?: number): void {
    stream.state = state;
    stream.ctx.emit.state({ state, ...(attempt === undefined ? {} : { attempt }), streamedMs: Math.round(stream.streamedMs) });
  }

  function emitLine(stream: Stream, line: Line): void {
    const parts = [...line.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
    stream.ctx.emit.line({
      id: line.id,
      source: stream.input.source,
      startMs: line.startMs,
      endMs: Math.max(line.startMs, line.endMs),
      transcript: clip(joinParts(parts.map((part) => part.heard))),
      translation: clip(joinParts(parts.map((part) => part.said))),
      final: line.final,
    });
  }

  function openLine(stream: Stream, atMs: number): Line {
    const line: Line = { id: `${stream.input.source}-${stream.linesMade++}`, startMs: atMs, endMs: atMs, parts: new Map(), frames: [], paused: false, final: false, stopSettle: NO_TIMER };
    stream.lines.push(line);
    stream.current = line;
    return line;
  }

  function finalize(stream: Stream, line: Line): void {
    if (line.final) return;
    line.final = true;
    line.stopSettle();
    line.frames = [];
    stream.lines.splice(stream.lines.indexOf(line), 1);
    if (stream.current === line) stream.current = null;
    emitLine(stream, line);
    if (stream.ending && stream.lines.length === 0) finish(stream, ok({ ended: 'stopped', streamedMs: Math.round(stream.streamedMs) }));
    else if (!stream.settled) releaseHeld(stream);
  }

  /** The pause went upstream: the model's end of turn is awaited only so long. */
  function settleLater(stream: Stream, line: Line): void {
    line.stopSettle();
    line.stopSettle = deps.after(LIVE_CAPTIONS.settleMs, () => finalize(stream, line));
  }

  function send(stream: Stream, link: Link, item: Outgoing): void {
    const connection = link.connection!;
    if (link.owed.at(-1) !== item.line && !link.owed.includes(item.line)) link.owed.push(item.line);
    if ('pause' in item) {
      connection.audioStreamEnd();
      settleLater(stream, item.line);
      return;
    }
    connection.sendAudio(item.pcm);
    const before = stream.streamedMs;
    stream.streamedMs += frameMs(item.pcm);
    const every = LIVE_CAPTIONS.stateEveryStreamedMs;
    if (Math.floor(stream.streamedMs / every) > Math.floor(before / every)) emitState(stream, stream.state);
  }

  /**
   * A line's audio goes up only once every earlier line has had its last words: the model's words are told apart by
   * line only in the order they come, so the next speech waits for the end of the last one's turn (or settleMs).
   */
  function deliver(stream: Stream, item: Outgoing): void {
    const at = stream.lines.indexOf(item.line);
    const earlierOpen = stream.lines.some((line, index) => index < at && line.paused && !line.final);
    if (earlierOpen || stream.held.length > 0) stream.held.push(item);
    else if (stream.active?.connection) send(stream, stream.active, item);
    else stream.outbox.push(item);
  }

  function releaseHeld(stream: Stream): void {
    const held = stream.held;
    stream.held = [];
    for (const item of held) deliver(stream, item);
  }

  /** The words a connection sends belong to the first line it owes that is not final; past those, to the next line. */
  function lineFor(stream: Stream, link: Link): Line {
    const owed = link.owed.find((line) => !line.final);
    if (owed) return owed;
    const line = stream.current ?? openLine(stream, stream.lastFrameEndMs);
    link.owed.push(line);
    return line;
  }

  function onEvent(stream: Stream, link: Link, event: LiveEvent): void {
    if (stream.settled) return;
    switch (event.kind) {
      case 'resumable':
        // A draining connection's handles are older than its successor's.
        if (!link.draining) stream.handle = event.handle;
        return;
      case 'heard':
      case 'said': {
        const line = lineFor(stream, link);
        const part = line.parts.get(link.epoch) ?? { heard: '', said: '' };
        if (event.kind === 'heard') part.heard += event.text;
        else part.said += event.text;
        line.parts.set(link.epoch, part);
        emitLine(stream, line);
        return;
      }
      case 'audio':
        if (speaks(stream)) stream.ctx.emit.audio(event.pcm);
        return;
      case 'turnComplete':
        return onTurnComplete(stream, link);
      case 'goAway':
        return moveOn(stream, link, event.timeLeftMs);
      case 'closed':
        return onClosed(stream, link, event.failure);
      default:
        // The translation model has no tools and is never interrupted.
        return;
    }
  }

  function onTurnComplete(stream: Stream, link: Link): void {
    const line = link.owed.shift();
    if (line && !line.final) {
      // A line spanning a goAway is owed by both connections: it is whole once the last of them is done with it.
      const owedElsewhere = [...stream.links].some((other) => other !== link && other.owed.includes(line));
      // The model's own turn boundary mid-speech ends the line at the last frame sent; a draining connection's end
      // does not (the line goes on over the next connection).
      const boundary = !line.paused && !link.draining;
      if (boundary) line.endMs = stream.lastFrameEndMs;
      if ((line.paused && !owedElsewhere) || boundary) finalize(stream, line);
    }
    if (link.draining && !link.owed.some((owed) => !owed.final)) closeLink(stream, link);
  }

  function moveOn(stream: Stream, link: Link, timeLeftMs: number): void {
    if (link !== stream.active || link.draining) return;
    log.info('live captions moving to a new connection', { source: stream.input.source, timeLeftMs });
    link.draining = true;
    stream.active = null;
    link.connection?.audioStreamEnd();
    void connect(stream);
  }

  function closeLink(stream: Stream, link: Link): void {
    link.connection?.close();
    link.connection = null;
    stream.links.delete(link);
  }

  function onClosed(stream: Stream, link: Link, failure: GeminiFailure | null): void {
    link.connection = null;
    stream.links.delete(link);
    if (failure === null || link.draining || link !== stream.active) return;
    log.warn('live captions connection dropped', { source: stream.input.source, kind: failure.kind, pending: stream.lines.length });
    stream.active = null;
    // Whatever the server held of the lines not yet final is gone: each is heard again from its audio, from scratch.
    stream.held = [];
    stream.outbox = stream.lines.flatMap((line): Outgoing[] => {
      line.parts.clear();
      line.stopSettle();
      return [...line.frames.map((pcm) => ({ line, pcm })), ...(line.paused ? [{ line, pause: true as const }] : [])];
    });
    retry(stream, failure);
  }

  function retry(stream: Stream, failure: GeminiFailure): void {
    stream.failures += 1;
    if (stream.failures > LIVE_CAPTIONS.reconnectAttempts) return unavailable(stream, failure.kind);
    emitState(stream, 'reconnecting', stream.failures);
    stream.stopRetry = deps.after(backoffMs(stream.failures), () => void connect(stream));
  }

  function unavailable(stream: Stream, reason: string): void {
    finish(stream, ok({ ended: 'unavailable', reason, streamedMs: Math.round(stream.streamedMs) }));
  }

  async function connect(stream: Stream): Promise<void> {
    const open = (resumeHandle: string | null) => {
      const link: Link = { epoch: stream.epochs++, connection: null, owed: [], draining: false };
      const opened = deps.openLive(
        { kind: 'translation', model: stream.model, targetLanguageCode: stream.input.to, resumeHandle },
        (event) => onEvent(stream, link, event),
        stream.ended.signal,
      );
      return opened.then((outcome) => ({ outcome, link }));
    };
    let { outcome, link } = await open(stream.handle);
    // A handle Google no longer honours costs the session its memory, not the captions: it starts afresh.
    if (!outcome.ok && stream.handle !== null && !stream.settled && !MEMBER_FAILURES.has(outcome.failure.kind)) {
      log.info('live captions not resumed: starting afresh', { kind: outcome.failure.kind });
      stream.handle = null;
      ({ outcome, link } = await open(null));
    }
    if (stream.settled) {
      if (outcome.ok) outcome.value.close();
      return;
    }
    if (!outcome.ok) return refused(stream, outcome.failure);
    link.connection = outcome.value;
    stream.links.add(link);
    stream.active = link;
    stream.failures = 0;
    log.info('live captions connected', { source: stream.input.source, resumed: stream.handle !== null });
    const resumes = stream.state !== 'streaming';
    stream.state = 'streaming';
    const waiting = stream.outbox;
    stream.outbox = [];
    for (const item of waiting) send(stream, link, item);
    // Told once what waited went up: audio sent again after a drop is paid for, so it counts as streamed.
    if (resumes) emitState(stream, 'streaming');
  }

  function refused(stream: Stream, failure: GeminiFailure): void {
    log.warn('live captions could not connect', { source: stream.input.source, kind: failure.kind });
    if (MEMBER_FAILURES.has(failure.kind)) return finish(stream, { ok: false, error: failureError(failure, stream.model) });
    if (REFUSALS.has(failure.kind)) return unavailable(stream, failure.kind);
    retry(stream, failure);
  }

  function finish(stream: Stream, result: Result<CaptionStreamDone>): void {
    if (stream.settled) return;
    stream.settled = true;
    stream.stopRetry();
    stream.ended.abort();
    for (const link of [...stream.links]) closeLink(stream, link);
    for (const line of stream.lines) line.stopSettle();
    byRequest.delete(stream.ctx.requestId);
    if (bySource.get(stream.key) === stream) bySource.delete(stream.key);
    log.info('live captions ended', {
      source: stream.input.source,
      ended: result.ok ? result.value.ended : result.error.code,
      ...(result.ok && result.value.reason ? { reason: result.value.reason } : {}),
      lines: stream.linesMade,
      unfinishedLines: stream.lines.length,
      streamedMs: Math.round(stream.streamedMs),
    });
    stream.settle(result);
  }

  function pauseLine(stream: Stream, atMs: number): void {
    const line = stream.current;
    if (!line) return;
    stream.current = null;
    line.paused = true;
    line.endMs = Math.max(line.endMs, atMs);
    emitLine(stream, line);
    const waiting = [...stream.outbox, ...stream.held].some((item) => item.line === line);
    const draining = [...stream.links].some((link) => link.draining && link.owed.includes(line));
    if (waiting || stream.active?.owed.includes(line)) deliver(stream, { line, pause: true });
    // Heard whole by a connection that is finishing after goAway: its turnComplete (or settleMs) ends the line.
    else if (draining) settleLater(stream, line);
    else finalize(stream, line);
  }

  const streamOf = (requestId: string): Stream | null => {
    const stream = byRequest.get(requestId);
    return stream && !stream.settled ? stream : null;
  };

  return {
    stream(input, ctx) {
      // Captioned into the language spoken, there is nothing to translate: the pause-cut path transcribes it alone.
      if (input.from === input.to) {
        log.info('live captions not streamed: the source is the target', { source: input.source });
        return Promise.resolve(ok({ ended: 'unavailable', reason: SAME_LANGUAGE, streamedMs: 0 }));
      }
      const key = sourceKey(ctx.member.email, input.source);
      const previous = bySource.get(key);
      if (previous) finish(previous, ok({ ended: 'stopped', streamedMs: Math.round(previous.streamedMs) }));
      return new Promise((resolve) => {
        const stream: Stream = {
          input,
          ctx,
          key,
          model: deps.settings().models.liveTranslate,
          lines: [],
          current: null,
          linesMade: 0,
          nextSeq: 0,
          lastFrameEndMs: 0,
          active: null,
          links: new Set(),
          epochs: 0,
          outbox: [],
          held: [],
          handle: null,
          failures: 0,
          state: 'connecting',
          streamedMs: 0,
          ending: false,
          settled: false,
          ended: new AbortController(),
          stopRetry: NO_TIMER,
          settle: resolve,
        };
        byRequest.set(ctx.requestId, stream);
        bySource.set(key, stream);
        log.info('live captions started', { source: input.source, speak: speaks(stream) });
        ctx.signal.addEventListener('abort', () => finish(stream, { ok: false, error: failureError({ kind: 'cancelled' }, stream.model) }), { once: true });
        emitState(stream, 'connecting');
        void connect(stream);
      });
    },

    frame({ requestId, seq, atMs, pcm }) {
      const stream = streamOf(requestId);
      if (!stream || stream.ending) return err('INVALID_INPUT', 'These live captions have ended.');
      // A frame sent twice (a retry) changes nothing. The page's frames arrive in order, so a gap is frames the
      // registry refused before they got here: their words are lost, and the meeting goes on from this one.
      if (seq < stream.nextSeq) return ok({});
      if (seq > stream.nextSeq) log.warn('live captions frames lost', { lost: seq - stream.nextSeq });
      stream.nextSeq = seq;
      const ms = frameMs(pcm);
      stream.nextSeq += 1;
      // G9: over the budget the frame is neither sent nor kept, and the stream goes on with the next one. Speech in
      // real time stays well under it: only a page sending faster than anyone speaks meets it.
      const admitted = deps.limiter.admit(CAPTION_STREAM_BUDGET, stream.ctx.member.email, ms);
      if (!admitted.ok) {
        log.info('live captions frame refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
        return admitted;
      }
      const line = stream.current ?? openLine(stream, atMs);
      // Copied: the bytes the transport handed over may be a view into a larger buffer it reuses.
      const copy = pcm.slice();
      line.frames.push(copy);
      line.endMs = atMs + ms;
      stream.lastFrameEndMs = line.endMs;
      deliver(stream, { line, pcm: copy });
      return ok({});
    },

    pause({ requestId, atMs }) {
      const stream = streamOf(requestId);
      if (!stream) return err('INVALID_INPUT', 'These live captions have ended.');
      pauseLine(stream, atMs);
      return ok({});
    },

    end(requestId) {
      const stream = streamOf(requestId);
      if (!stream) return err('INVALID_INPUT', 'These live captions have ended.');
      if (stream.ending) return ok({});
      stream.ending = true;
      pauseLine(stream, stream.lastFrameEndMs);
      if (stream.lines.length === 0) finish(stream, ok({ ended: 'stopped', streamedMs: Math.round(stream.streamedMs) }));
      return ok({});
    },

    featuresChanged(features) {
      if (features.liveModes) return;
      for (const stream of [...byRequest.values()]) finish(stream, offByPolicy('liveModes'));
    },

    close() {
      for (const stream of [...byRequest.values()]) finish(stream, err('UNAUTHENTICATED', 'Sign in with your staff account first.'));
    },
  };
}
