import { z } from 'zod';
import { parseHttpsUrl } from './https-url';
import { CRASH_REPORTS } from './limits';

/*
 * Crash reports (issue 29, RD3). Electron's crash reporter keeps a minidump of every crash on this computer; the app
 * sends them to the team's crash server only when the member (or the machine's policy) turned that on, and only over
 * https. The server's address may carry a token in its query string (Sentry's `sentry_key`, a Backtrace token), so
 * the log and the diagnostics name its origin alone.
 */

export const CRASH_REPORT_URL_EXAMPLE = 'https://crashes.example.com/submit';

/** Why an address is refused; the page says the same in the member's language. */
export const CRASH_REPORT_URL_MESSAGE = `Use an https address without a user name or password, such as ${CRASH_REPORT_URL_EXAMPLE}.`;

/** Where crash reports go: an https URL, no user name or password (fetch refuses them), normalised as URL.href. */
export const crashReportUrlSchema = z
  .string()
  .trim()
  .max(CRASH_REPORTS.urlMaxChars)
  .transform((raw, ctx) => {
    const url = parseHttpsUrl(raw);
    if (url === null) {
      ctx.addIssue({ code: 'custom', message: CRASH_REPORT_URL_MESSAGE });
      return z.NEVER;
    }
    // A fragment never reaches the server.
    url.hash = '';
    return url.href;
  });

export const crashReportsSettingsSchema = z.object({
  /** Send the minidumps to `url`. Off until the member turns it on: a minidump may hold what was on screen. */
  upload: z.boolean().default(false),
  /** The team's crash server (Sentry, BugSplat, Backtrace or a Crashpad server); null until someone sets it. */
  url: crashReportUrlSchema.nullable().default(null),
});
export type CrashReportsSettings = z.infer<typeof crashReportsSettingsSchema>;

export const DEFAULT_CRASH_REPORTS_SETTINGS: CrashReportsSettings = { upload: false, url: null };

export const crashReportsSettingsPatchSchema = z.strictObject({ upload: z.boolean(), url: crashReportUrlSchema.nullable() }).partial();

/** The reason of a change refused because sending would be on with nowhere to send to. */
export const CRASH_REPORT_URL_REQUIRED = 'crash_report_url_required';
export const CRASH_REPORT_URL_REQUIRED_MESSAGE = 'Enter the address to send crash reports to before turning sending on.';

/** Sending is on and has somewhere to go. */
export function sendsCrashReports(settings: CrashReportsSettings): settings is { upload: true; url: string } {
  return settings.upload && settings.url !== null;
}

/** What the log, the diagnostics and the page may say of a crash server: its origin, never its path or query. */
export function crashServerOrigin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : 'not a URL';
}

/** A minidump on this computer, as the diagnostics list it: when it was written, its size, and whether it was sent. */
export interface CrashDumpSummary {
  /** Epoch milliseconds (the file's last write: Crashpad finishes the dump just after the crash). */
  at: number;
  bytes: number;
  /** Epoch milliseconds; null while it is kept here only. */
  uploadedAt: number | null;
}

export interface RecentCrashes {
  /** The newest first, at most `CRASH_REPORTS.listInDiagnostics`. */
  dumps: CrashDumpSummary[];
  /** How many minidumps this computer keeps (at most `CRASH_REPORTS.keepDumps`). */
  kept: number;
}

/** A process of the app that ended badly during this session (Electron's render-process-gone, child-process-gone). */
export interface GoneProcess {
  /** Epoch milliseconds. */
  at: number;
  /** 'renderer', or Electron's child type ('GPU', 'Utility', ...). */
  type: string;
  /** Electron's reason: crashed, oom, killed, abnormal-exit, launch-failed, integrity-failure. */
  reason: string;
  exitCode: number;
}
