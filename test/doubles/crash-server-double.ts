/**
 * A crash server as Breakpad, Crashpad, Sentry, BugSplat and Backtrace run one: it takes a minidump POSTed as
 * multipart/form-data (`upload_file_minidump` and the product's fields) and answers a report id. Each request takes
 * the next scripted reply, then 200; faults are HTTP statuses, a hang, a reset, a body cut short and a redirect.
 */
import { startHttpDouble, untilAborted, type HttpDouble } from './http-double';

export type CrashServerReply =
  | { status: number; retryAfter?: string }
  /** Never answers (until the client gives up or the double closes). */
  | 'hang'
  /** Ends the connection without a response. */
  | 'reset'
  /** 200 with its headers, then the connection ends before the promised body. */
  | 'cut'
  /** 307 to the same path over plain http: a client must never follow it. */
  | 'redirect';

/** A request as the server read it. */
export interface CrashUpload {
  method: string;
  path: string;
  /** The form's text fields (prod, ver, platform). */
  fields: Record<string, string>;
  /** The minidump part: its file name and bytes as text; null when the request carried none. */
  minidump: { fileName: string; text: string } | null;
}

export interface CrashServerDouble {
  baseUrl: string;
  /** Every request, in arrival order, as the server read it (a request that did not finish its body is absent). */
  readonly uploads: CrashUpload[];
  readonly requests: HttpDouble<object>['requests'];
  /** The next requests' replies, in order; after them, 200. */
  script(...replies: CrashServerReply[]): void;
  /** Forgets the requests and the replies not yet given, between tests. */
  reset(): void;
  close(): Promise<void>;
}

async function readUpload(method: string, path: string, contentType: string | undefined, body: Buffer): Promise<CrashUpload> {
  const fields: Record<string, string> = {};
  let minidump: CrashUpload['minidump'] = null;
  if (contentType?.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'upload_file_minidump') minidump = { fileName: value.name, text: await value.text() };
    }
  }
  return { method, path, fields, minidump };
}

export async function startCrashServerDouble(): Promise<CrashServerDouble> {
  const uploads: CrashUpload[] = [];
  const replies: CrashServerReply[] = [];
  let reports = 0;
  const http = await startHttpDouble<object>({
    describe: () => ({}),
    async handle(exchange) {
      const { method, path, headers } = exchange.call;
      uploads.push(await readUpload(method, path, headers['content-type'], exchange.rawBody));
      const reply = replies.shift() ?? { status: 200 };
      if (reply === 'hang') return untilAborted(exchange.signal);
      if (reply === 'reset') return exchange.destroySocket();
      if (reply === 'redirect') return exchange.respond(307, { location: `http://127.0.0.1:1${path}` }, '');
      if (reply === 'cut') {
        exchange.open(200, { 'content-type': 'text/plain', 'content-length': '400' });
        await exchange.write('CrashID=bp-');
        return exchange.destroySocket();
      }
      reports += 1;
      const body = reply.status === 200 ? `CrashID=bp-${String(reports).padStart(8, '0')}` : `status ${reply.status}`;
      exchange.respond(reply.status, { 'content-type': 'text/plain', ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : {}) }, body);
    },
  });
  return {
    baseUrl: http.baseUrl,
    uploads,
    requests: http.requests,
    script: (...next) => void replies.push(...next),
    reset() {
      uploads.length = 0;
      replies.length = 0;
      http.clearRequests();
    },
    close: () => http.close(),
  };
}
