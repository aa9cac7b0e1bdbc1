import { describe, expect, it } from 'vitest';
import { CRASH_REPORT_URL_MESSAGE, crashReportUrlSchema, crashServerOrigin, sendsCrashReports } from './crash-reports';
import { CRASH_REPORTS } from './limits';
import { managedPolicySchema } from './managed-policy';
import { DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema } from './settings';
import { readTeamProfile, TEAM_PROFILE_FORMAT } from './team-profile';

const SENTRY = 'https://o1.ingest.sentry.io/api/7/minidump/?sentry_key=abc123';

describe('RD3 the crash reports setting', () => {
  it('RD3 is off by default, with no server, also for settings stored before it existed', () => {
    expect(DEFAULT_SETTINGS.crashReports).toEqual({ upload: false, url: null });
    const { crashReports: _absent, ...older } = DEFAULT_SETTINGS;
    expect(settingsSchema.parse(older).crashReports).toEqual({ upload: false, url: null });
    expect(sendsCrashReports(DEFAULT_SETTINGS.crashReports)).toBe(false);
  });

  it('RD3 sends only when it is on and has somewhere to send to', () => {
    expect(sendsCrashReports({ upload: true, url: null })).toBe(false);
    expect(sendsCrashReports({ upload: false, url: SENTRY })).toBe(false);
    expect(sendsCrashReports({ upload: true, url: SENTRY })).toBe(true);
  });

  it.each([
    ['plain http', 'http://crashes.example.com/submit'],
    ['a file', 'file:///etc/passwd'],
    ['a script', 'javascript:alert(1)'],
    ['a user name and password', 'https://user:pass@crashes.example.com/submit'],
    ['not a URL', 'crashes.example.com/submit'],
    ['an empty string', ''],
    ['an address too long', `https://crashes.example.com/${'a'.repeat(CRASH_REPORTS.urlMaxChars)}`],
  ])('RD3 refuses %s as the crash server, in one sentence', (_what, url) => {
    const parsed = crashReportUrlSchema.safeParse(url);
    expect(parsed.success).toBe(false);
    if (url.length <= CRASH_REPORTS.urlMaxChars) expect(parsed.error?.issues[0]?.message).toBe(CRASH_REPORT_URL_MESSAGE);
  });

  it('RD3 takes an https address as it is, query string and all, trimmed and without its fragment', () => {
    expect(crashReportUrlSchema.parse(` ${SENTRY}#top `)).toBe(SENTRY);
    expect(settingsPatchSchema.parse({ crashReports: { url: null } })).toEqual({ crashReports: { url: null } });
    expect(settingsPatchSchema.safeParse({ crashReports: { upload: 'yes' } }).success).toBe(false);
  });

  it("RD3 names a server by its origin alone: a token in its path or query never shows", () => {
    expect(crashServerOrigin(SENTRY)).toBe('https://o1.ingest.sentry.io');
    expect(crashServerOrigin('https://submit.backtrace.io/team/0123456789abcdef/minidump')).toBe('https://submit.backtrace.io');
  });

  it("RD3 the machine's policy may name the server alone, or turn sending on or off; on, it names where to", () => {
    const policy = (crashReports: unknown) => managedPolicySchema.safeParse({ version: 1, settings: { crashReports } });
    expect(policy({ url: SENTRY }).success).toBe(true);
    expect(policy({ upload: false }).success).toBe(true);
    expect(policy({ upload: true, url: SENTRY }).success).toBe(true);
    expect(policy({ upload: true }).success).toBe(false);
    expect(policy({ url: 'http://crashes.example.com/submit' }).success).toBe(false);
  });

  it("RD3 a team profile carries the team's server, never the member's choice to send", () => {
    const profile = (crashReports: unknown) => readTeamProfile(JSON.stringify({ format: TEAM_PROFILE_FORMAT, version: 1, crashReports }));
    expect(profile({ url: SENTRY })).toMatchObject({ ok: true, value: { crashReports: { url: SENTRY } } });
    expect(profile({ upload: true })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'invalid_field' } });
    expect(profile({ url: 'http://crashes.example.com/submit' })).toMatchObject({ ok: false, error: { field: 'crashReports.url' } });
  });
});
