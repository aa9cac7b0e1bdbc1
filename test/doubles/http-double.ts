/**
 * The reusable core of the protocol doubles: a real HTTP server on 127.0.0.1 with a random port, recording every
 * request in arrival order, that can always be closed, even while a request hangs or a WebSocket is open.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';

/** What every double records about every request; each double adds its own fields (`X`). */
export interface ExchangeRecord {
  method: string;
  /** The raw path, exactly as sent (`//ws/...` keeps its double slash). */
  path: string;
  query: Record<string, string>;
  /** The parsed body: JSON, or a form's fields (application/x-www-form-urlencoded); null when none or unreadable. */
  body: unknown;
  /** The client went away before the response ended. */
  aborted: boolean;
  /** performance.now() milliseconds, for the bench. */
  startedAt: number;
  firstByteAt?: number;
  endedAt?: number;
}

export interface IncomingCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface HttpExchange<X> {
  call: IncomingCall;
  record: ExchangeRecord & X;
  /** The body did not parse as JSON (an empty body is not malformed). */
  bodyIsMalformed: boolean;
  /** The body as received, for a double that reads another format (a multipart upload). */
  rawBody: Buffer;
  /** Aborts when the client goes away or the double closes: anything waiting must stop. */
  signal: AbortSignal;
  respond(status: number, headers: OutgoingHttpHeaders, body: string): void;
  /** Sends the status and headers now, for a body that follows in pieces (SSE). */
  open(status: number, headers: OutgoingHttpHeaders): void;
  /** Resolves once the piece has reached the socket, so a reset right after cannot swallow it. */
  write(piece: string): Promise<void>;
  end(): void;
  /** Ends the connection without a response, as a network reset would. */
  destroySocket(): void;
}

export interface UpgradeExchange<X> {
  call: IncomingCall;
  /** The double sets `body`, `aborted` and `firstByteAt`; the core stamps `endedAt` when the socket closes. */
  record: ExchangeRecord & X;
  req: IncomingMessage;
  socket: Duplex;
  head: Buffer;
}

export interface HttpDoubleOptions<X> {
  /** The double's own record fields, known from the request line and headers alone. */
  describe(call: IncomingCall): X;
  handle(exchange: HttpExchange<X>): Promise<void> | void;
  /** Without it, upgrade requests are refused by dropping the socket. */
  upgrade?(exchange: UpgradeExchange<X>): void;
}

export interface HttpDouble<X> {
  baseUrl: string;
  port: number;
  /** Every request in arrival order; the same array for the double's whole life. */
  readonly requests: ReadonlyArray<ExchangeRecord & X>;
  clearRequests(): void;
  /** Aborts when close() starts. */
  readonly closing: AbortSignal;
  close(): Promise<void>;
}

export async function startHttpDouble<X extends object>(options: HttpDoubleOptions<X>): Promise<HttpDouble<X>> {
  const requests: Array<ExchangeRecord & X> = [];
  const sockets = new Set<Socket>();
  const lifetime = new AbortController();

  function begin(req: IncomingMessage): { call: IncomingCall; record: ExchangeRecord & X } {
    const startedAt = performance.now();
    const call = parseCall(req);
    const base: ExchangeRecord = { method: call.method, path: call.path, query: call.query, body: null, aborted: false, startedAt };
    const record = Object.assign(options.describe(call), base);
    requests.push(record);
    return { call, record };
  }

  const server = createServer((req, res) => {
    const { call, record } = begin(req);
    const clientGone = new AbortController();
    let destroyedByDouble = false;
    res.on('close', () => {
      record.endedAt = performance.now();
      if (!res.writableFinished && !destroyedByDouble) record.aborted = true;
      clientGone.abort();
    });
    const stampFirstByte = () => {
      record.firstByteAt ??= performance.now();
    };
    void readBody(req).then(async (rawBody) => {
      const text = rawBody.toString('utf8');
      const parsed = isFormEncoded(req.headers['content-type'])
        ? { value: Object.fromEntries(new URLSearchParams(text)), malformed: false }
        : parseJson(text);
      record.body = parsed.value;
      const exchange: HttpExchange<X> = {
        call,
        record,
        bodyIsMalformed: parsed.malformed,
        rawBody,
        signal: AbortSignal.any([clientGone.signal, lifetime.signal]),
        respond(status, headers, body) {
          stampFirstByte();
          res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
          res.end(body);
        },
        open(status, headers) {
          stampFirstByte();
          res.writeHead(status, headers);
          res.flushHeaders();
        },
        write(piece) {
          return new Promise((resolve) => res.write(piece, () => resolve()));
        },
        end() {
          res.end();
        },
        destroySocket() {
          destroyedByDouble = true;
          req.socket.destroy();
        },
      };
      try {
        await options.handle(exchange);
      } catch (error) {
        // A throwing handler is a bug in the double or its script: show it to the test instead of hanging it.
        if (!res.headersSent && !res.destroyed) {
          const message = error instanceof Error ? error.message : String(error);
          exchange.respond(500, { 'content-type': 'text/plain; charset=utf-8' }, `Test double failed: ${message}`);
        } else {
          res.destroy();
        }
      }
    });
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!options.upgrade) {
      socket.destroy();
      return;
    }
    const { call, record } = begin(req);
    socket.on('close', () => {
      record.endedAt = performance.now();
    });
    options.upgrade({ call, record, req, socket, head });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    clearRequests: () => {
      requests.length = 0;
    },
    closing: lifetime.signal,
    close() {
      closed ??= new Promise<void>((resolve) => {
        lifetime.abort();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

/** Splits the raw request target by hand: `new URL('//ws/...', base)` would read `ws` as a host name. */
function parseCall(req: IncomingMessage): IncomingCall {
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = Object.fromEntries(new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1)));
  return { method: req.method ?? 'GET', path, query, headers: req.headers };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  } catch {
    // The client went away mid-body; the response's close handler records that.
  }
  return Buffer.concat(chunks);
}

export function isFormEncoded(contentType: string | string[] | undefined): boolean {
  return String(contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** A JSON object whose every field is a string, as a form's fields always are. */
export function isStringRecord(value: unknown): value is Record<string, string> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((field) => typeof field === 'string');
}

function parseJson(raw: string): { value: unknown; malformed: boolean } {
  if (raw.trim() === '') return { value: null, malformed: false };
  try {
    return { value: JSON.parse(raw) as unknown, malformed: false };
  } catch {
    return { value: null, malformed: true };
  }
}

/** Waits `ms`; resolves false instead when the signal aborts first (client gone or double closing). */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
