import { WebSocket } from 'ws';
import { decodeFrame, encodeFrame } from '../../shared/ipc/binary-frame';
import type { Result } from '../../shared/result';

/** One message the harness socket sent: a reply to a request, or an event. */
export type SocketMessage = { id: number; result: Result<unknown> } | { event: string; payload: unknown };

/**
 * A Node client for the harness socket (docs/testing.md), as browser and acceptance tests drive it: numbered
 * calls answered by id, and everything received kept in order. A call whose input holds a Uint8Array goes as a
 * binary frame, and bytes in a binary reply or event come back as Uint8Arrays (shared/ipc/binary-frame.ts).
 */
export interface SocketClient {
  call(channel: string, input?: unknown): Promise<Result<unknown>>;
  /** Sends a frame exactly as given, well-formed or not: a string as a text message, bytes as a binary one. */
  sendRaw(frame: string | Uint8Array): void;
  /** Resolves with the reply carrying `id`, whoever sent the request. */
  replyTo(id: number): Promise<Result<unknown>>;
  /** Resolves with the first event called `name`, received already or still to come. */
  nextEvent(name: string): Promise<unknown>;
  /** Resolves with the first event called one of `names` whose payload `matches` (a stream call's own end, say). */
  firstEvent(names: readonly string[], matches: (payload: unknown) => boolean): Promise<{ event: string; payload: unknown }>;
  /**
   * Every frame received, as text, in order; a binary frame as its bytes read as UTF-8 (its head is JSON text), so
   * a search for a string still sees it. One that does not decode is kept here only.
   */
  readonly frames: readonly string[];
  close(): Promise<void>;
}

export class SocketRefusedError extends Error {
  constructor(readonly status: number) {
    super(`The harness refused the socket (HTTP ${status}).`);
    this.name = 'SocketRefusedError';
  }
}

// Ids this client picks for call(); tests that send raw frames choose their own, below this.
const FIRST_CALL_ID = 1_000_000;

export function openSocket(url: string, options: { origin?: string } = {}): Promise<SocketClient> {
  const ws = new WebSocket(url, options.origin === undefined ? {} : { origin: options.origin });
  const frames: string[] = [];
  const messages: SocketMessage[] = [];
  const waiters = new Set<() => void>();
  let nextId = FIRST_CALL_ID;

  ws.on('message', (data, isBinary) => {
    // ws's default binaryType, 'nodebuffer': every message arrives as one Buffer.
    const bytes = data as Buffer;
    const text = bytes.toString('utf8');
    frames.push(text);
    const decoded = decodeFrame(isBinary ? bytes : text);
    if (decoded.ok) messages.push(decoded.message as SocketMessage);
    for (const wake of [...waiters]) wake();
  });

  function waitFor<T>(pick: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pick();
        if (found !== undefined) {
          waiters.delete(check);
          ws.off('close', onClose);
          resolve(found);
        }
      };
      const onClose = () => {
        waiters.delete(check);
        reject(new Error('The harness socket closed before the expected message arrived.'));
      };
      waiters.add(check);
      ws.once('close', onClose);
      check();
    });
  }

  const client: SocketClient = {
    frames,
    call(channel, input = {}) {
      const id = nextId++;
      ws.send(encodeFrame({ id, channel, input }));
      return client.replyTo(id);
    },
    sendRaw: (frame) => ws.send(frame),
    replyTo: (id) =>
      waitFor(() => messages.find((m): m is Extract<SocketMessage, { id: number }> => 'id' in m && m.id === id)?.result),
    nextEvent: (name) =>
      waitFor(() => messages.find((m): m is Extract<SocketMessage, { event: string }> => 'event' in m && m.event === name)?.payload),
    firstEvent: (names, matches) =>
      waitFor(() =>
        messages.find((m): m is Extract<SocketMessage, { event: string }> => 'event' in m && names.includes(m.event) && matches(m.payload)),
      ),
    close() {
      if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };

  let opened = false;
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      opened = true;
      resolve(client);
    });
    ws.once('unexpected-response', (_request, response) => {
      reject(new SocketRefusedError(response.statusCode ?? 0));
      ws.terminate();
    });
    // Once open, an error ends in 'close', which fails whatever is still waiting.
    ws.on('error', (error) => {
      if (!opened) reject(error);
    });
  });
}
