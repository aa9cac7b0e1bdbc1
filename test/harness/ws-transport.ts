import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { BINARY_HEAD_OFFSET, decodeFrame, encodeFrame, type FrameFault } from '../../shared/ipc/binary-frame';
import type { AppWindow, Contract } from '../../shared/ipc/define';
import { IPC } from '../../shared/limits';
import { err, type Result } from '../../shared/result';
import { requestTooLarge } from '../../electron/main/ipc/input-budget';
import type { Registry } from '../../electron/main/ipc/registry';
import type { Sender } from '../../electron/main/ipc/sender';
import type { Logger } from '../../electron/main/log/logger';

/**
 * The harness's transport (docs/testing.md): the same registry as the Electron transport, reached over a
 * WebSocket. Request `{"id": n, "channel": "...", "input": {...}}`, reply `{"id": n, "result": Result}`, event
 * `{"event": "...", "payload": {...}}`; any of them holding bytes is a binary frame (shared/ipc/binary-frame.ts).
 * It is a development and test tool, never part of the packaged app.
 */
export interface WsTransportDeps<C extends Contract> {
  server: Server;
  registry: Registry<C>;
  /** The secret a connection must present as `?token=`. */
  token: string;
  /** The harness page's origin (`http://127.0.0.1:P`): a browser's Origin must be this one. */
  origin: string;
  log: Logger;
  /** Where the socket lives on the server. */
  path?: string;
}

export interface WsTransport {
  /**
   * Which page a connection is (`?window=quickAsk` from the quick-ask page, else the main window's): the registry's
   * per-window allowlists then hold here as in the app. The page says which it is: the harness is a test tool on
   * loopback, not a boundary between its pages.
   */
  windowOf(sender: Sender): AppWindow | null;
  /** Sends an event main raises on its own (e.g. `auth:changed`) to every open connection. */
  broadcast(event: string, payload: unknown): void;
  /** Drops every connection (releasing its work) and stops accepting new ones. */
  close(): Promise<void>;
}

export const IPC_SOCKET_PATH = '/ipc';

/**
 * A frame above this (a binary one counted whole, head and bytes) is refused as TOO_LARGE, like an input over the
 * registry's budget, whatever it holds. UTF-8 spends up to three bytes on what the budget counts as one UTF-16
 * unit: below this, the registry decides.
 */
const MAX_FRAME_BYTES = IPC.maxInputBytes * 3;
/**
 * The hard ceiling: a frame up to this size is read, then refused by its id; one above it is not read at all, and
 * ws closes the socket with 1009 (Message Too Big), since its id cannot be known without buffering what no
 * request needs. A connection thus never holds more than this of one frame.
 */
export const SOCKET_FRAME_CEILING_BYTES = IPC.maxInputBytes * 8;
/** Enough of a frame's start to find a leading `{"id": n`. */
const ID_PEEK_BYTES = 64;
const LEADING_ID = /^\s*\{\s*"id"\s*:\s*(-?\d+(?:\.\d+)?)/;
/** The pages the harness serves, by the `window` a connection names; the page's address as its sender's url. */
const SOCKET_PAGES: Readonly<Record<string, { window: AppWindow; page: string }>> = {
  main: { window: 'main', page: '/' },
  quickAsk: { window: 'quickAsk', page: '/quick-ask.html' },
};

/** Compares a presented token with the expected one in constant time (hashing first hides the length too). */
export function sameToken(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export function attachWsTransport<C extends Contract>(deps: WsTransportDeps<C>): WsTransport {
  const { server, registry, token, origin, log } = deps;
  const path = deps.path ?? IPC_SOCKET_PATH;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: SOCKET_FRAME_CEILING_BYTES });
  let opened = 0;
  const windows = new Map<string, AppWindow>();

  function refuse(socket: Duplex, status: 403 | 404, reason: string) {
    // The request line carries the token: only the reason is logged, never the URL.
    log.warn('ipc socket refused', { reason });
    socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\n\r\n`);
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    // Split by hand: an exact path is all that is accepted, and a malformed URL must not throw here.
    const raw = request.url ?? '';
    const queryAt = raw.indexOf('?');
    if ((queryAt === -1 ? raw : raw.slice(0, queryAt)) !== path) return refuse(socket, 404, 'unknown path');
    const query = new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1));
    if (!sameToken(query.get('token'), token)) return refuse(socket, 403, 'wrong or missing token');
    const named = query.get('window') ?? 'main';
    if (!Object.hasOwn(SOCKET_PAGES, named)) return refuse(socket, 404, 'unknown window');
    // Browsers always send Origin: a page from anywhere else must not drive the app. Tools send none.
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) return refuse(socket, 403, 'foreign origin');
    sockets.handleUpgrade(request, socket, head, (ws) => connect(ws, SOCKET_PAGES[named]!));
  }

  function connect(ws: WebSocket, { window, page }: { window: AppWindow; page: string }) {
    opened += 1;
    const id = `ws-${opened}`;
    windows.set(id, window);
    const deliver = (message: unknown) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(encodeFrame(message));
    };
    const sender: Sender = {
      id,
      url: `${origin}${page}`,
      isMainFrame: true,
      send: (event, payload) => deliver({ event, payload }),
    };
    const reply = (requestId: number, result: Result<unknown>) => deliver({ id: requestId, result });
    const ignore = (reason: string, bytes: number) => log.warn('ipc frame ignored', { sender: id, reason, bytes });

    ws.on('message', (data, isBinary) => {
      const frame = toBuffer(data);
      const request = readRequest(frame, isBinary);
      if (request.kind === 'too large') {
        if (request.id === null) ignore('too large', frame.length);
        else reply(request.id, requestTooLarge());
        return;
      }
      if (request.kind === 'malformed') {
        if (request.id === null) ignore(request.reason, frame.length);
        else reply(request.id, err('INVALID_INPUT', MALFORMED_MESSAGES[request.reason]));
        return;
      }
      registry
        .call(request.channel, request.input, sender)
        .then((result) => reply(request.id, result))
        .catch((error: unknown) => {
          // The registry answers every call with a Result; reaching here is a bug, and the page still gets an answer.
          log.error('ipc call failed outside the registry', { sender: id, error });
          reply(request.id, err('INTERNAL', 'Something went wrong inside the app. The details are in the log.'));
        });
    });
    ws.on('error', (error) => log.warn('ipc socket error', { sender: id, error }));
    ws.on('close', () => {
      windows.delete(id);
      registry.releaseSender(id);
    });
  }

  server.on('upgrade', onUpgrade);

  return {
    windowOf: (sender) => windows.get(sender.id) ?? null,
    broadcast(event, payload) {
      const frame = encodeFrame({ event, payload });
      for (const ws of sockets.clients) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const ws of sockets.clients) ws.terminate();
      return new Promise((resolve) => sockets.close(() => resolve()));
    },
  };
}

type Malformed = FrameFault | 'not an object' | 'no numeric id';

const MALFORMED_MESSAGES: Record<Malformed, string> = {
  'not JSON': 'The message is not valid JSON.',
  'short header': 'A binary message must start with the 4-byte length of its JSON head.',
  'head past the end': 'A binary message must be a binary frame (its JSON head, then its bytes); JSON alone goes in a text message.',
  'bytes out of range': 'A {"$bytes": [offset, length]} in the message must name bytes the message carries.',
  'not an object': 'The message must be a JSON object with an id, a channel and an input.',
  'no numeric id': 'The message needs a numeric id.',
};

type Request = { kind: 'request'; id: number; channel: unknown; input: unknown };

type Parsed = Request | { kind: 'malformed'; reason: Malformed; id: number | null };

type ReadRequest = Parsed | { kind: 'too large'; id: number | null };

function asRequest(message: unknown): Parsed {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { kind: 'malformed', reason: 'not an object', id: null };
  const { id, channel, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isFinite(id)) return { kind: 'malformed', reason: 'no numeric id', id: null };
  return { kind: 'request', id, channel, input };
}

function parseFrame(frame: Buffer, isBinary: boolean, leading: number | null): Parsed {
  const decoded = decodeFrame(isBinary ? frame : frame.toString('utf8'));
  if (decoded.ok) return asRequest(decoded.message);
  switch (decoded.fault) {
    // The head was read: its id, when it has one, answers for the bytes it names wrongly.
    case 'bytes out of range':
      return { kind: 'malformed', reason: decoded.fault, id: asRequest(decoded.head).id };
    // Only a frame that is not JSON at all may still show its id; a parsed one without a numeric id has none.
    case 'not JSON':
      return { kind: 'malformed', reason: decoded.fault, id: leading };
    // Most likely JSON sent as a binary message (its first bytes read as a huge length): told so by its id.
    case 'head past the end':
      return { kind: 'malformed', reason: decoded.fault, id: peekId(frame) };
    case 'short header':
      return { kind: 'malformed', reason: decoded.fault, id: null };
  }
}

function readRequest(frame: Buffer, isBinary: boolean): ReadRequest {
  // A binary frame's head, where its id is, follows the head's length.
  const leading = peekId(isBinary ? frame.subarray(BINARY_HEAD_OFFSET) : frame);
  // The usual frame names its id first: an oversized one is then refused without being parsed at all.
  if (frame.length > MAX_FRAME_BYTES && leading !== null) return { kind: 'too large', id: leading };
  const parsed = parseFrame(frame, isBinary, leading);
  if (frame.length > MAX_FRAME_BYTES) return { kind: 'too large', id: parsed.id };
  return parsed;
}

/** The id of a frame too large or too broken to parse, when it is the frame's first member. */
function peekId(frame: Buffer): number | null {
  const match = LEADING_ID.exec(frame.subarray(0, ID_PEEK_BYTES).toString('utf8'));
  return match?.[1] === undefined ? null : Number(match[1]);
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
