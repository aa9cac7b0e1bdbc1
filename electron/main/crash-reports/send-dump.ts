import { CRASH_REPORTS } from '../../../shared/limits';
import { retryAfterMs } from '../../../shared/retry-after';
import type { Sleep } from '../timers/sleep';

/** Where a minidump goes, and the form fields Breakpad and Crashpad servers read beside it (Sentry, BugSplat, Backtrace). */
export interface CrashServer {
  url: string;
  /** prod, ver, platform. */
  fields: Readonly<Record<string, string>>;
}

/** A minidump read whole (it is small: CRASH_REPORTS.dumpMaxBytes at most). */
export interface DumpBytes {
  id: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** How sending one minidump ended. */
export type Sent =
  | { kind: 'sent' }
  /** The server refused it (a 4xx but 408 and 429, or a redirect): not tried again until the next pass. */
  | { kind: 'refused'; status: number }
  /** Worth another try: a timeout, a reset, 408, 429 or 5xx. */
  | { kind: 'failed'; reason: 'timeout' | 'network' | 'busy'; status?: number; retryAfterMs?: number }
  /** Sending was switched off, the server changed, or the app is closing. */
  | { kind: 'cancelled' };

export interface SendDeps {
  fetch: typeof fetch;
  sleep: Sleep;
  now: () => number;
  /** Each try's bound; CRASH_REPORTS.uploadTimeoutMs unless a test sets its own. */
  timeoutMs?: number;
}

/**
 * One POST of the minidump as multipart/form-data, its file in `upload_file_minidump` as Crashpad sends it. A
 * redirect is never followed: it could lead the dump off https or to another host.
 */
async function postOnce(dump: DumpBytes, server: CrashServer, deps: SendDeps, signal: AbortSignal): Promise<Sent> {
  const form = new FormData();
  for (const [name, value] of Object.entries(server.fields)) form.append(name, value);
  form.append('upload_file_minidump', new Blob([dump.bytes], { type: 'application/octet-stream' }), `${dump.id}.dmp`);
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? CRASH_REPORTS.uploadTimeoutMs);
  let response: Response;
  try {
    response = await deps.fetch(server.url, { method: 'POST', body: form, redirect: 'manual', signal: AbortSignal.any([signal, timeout]) });
  } catch {
    if (signal.aborted) return { kind: 'cancelled' };
    return { kind: 'failed', reason: timeout.aborted ? 'timeout' : 'network' };
  }
  // The server's answer (a report id, a page) is not needed: a 2xx status says it has the dump.
  await response.body?.cancel().catch(() => undefined);
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 408 || status === 429 || status >= 500) {
    const wait = retryAfterMs(response.headers.get('retry-after'), deps.now());
    return { kind: 'failed', reason: 'busy', status, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  }
  return { kind: 'refused', status };
}

/**
 * Sends one minidump, trying again after a failure worth it (at most CRASH_REPORTS.uploadAttempts tries, waiting
 * twice as long each time, or what the server's Retry-After asks up to CRASH_REPORTS.retryAfterMaxMs).
 */
export async function sendDump(dump: DumpBytes, server: CrashServer, deps: SendDeps, signal: AbortSignal): Promise<Sent> {
  let last: Sent = { kind: 'cancelled' };
  for (let attempt = 0; attempt < CRASH_REPORTS.uploadAttempts; attempt += 1) {
    if (attempt > 0 && last.kind === 'failed') {
      const wait = last.retryAfterMs ?? CRASH_REPORTS.retryBaseMs * 2 ** (attempt - 1);
      // A server that asks for more than that is down for a while: the next pass tries again.
      if (wait > CRASH_REPORTS.retryAfterMaxMs) return last;
      await deps.sleep(wait, signal);
    }
    if (signal.aborted) return { kind: 'cancelled' };
    last = await postOnce(dump, server, deps, signal);
    if (last.kind !== 'failed') return last;
  }
  return last;
}
