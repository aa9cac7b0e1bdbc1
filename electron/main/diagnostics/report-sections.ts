import type { AuthStatus } from '../../../shared/auth';
import { crashServerOrigin, sendsCrashReports, type GoneProcess, type RecentCrashes } from '../../../shared/crash-reports';
import type { PolicyState } from '../../../shared/managed-policy';
import type { KnowledgeStatus } from '../../../shared/oracle';
import type { Result } from '../../../shared/result';
import { FEATURES, type Settings } from '../../../shared/settings';
import type { ZohoStatus } from '../../../shared/zoho-connection';
import type { RuntimeFacts } from './diagnostics-ports';
import type { LiveAttempt, LiveAttempts } from './live-attempts';

const iso = (ms: number) => new Date(ms).toISOString();
const listOrNone = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');

export function appLines(runtime: RuntimeFacts): string[] {
  const { versions } = runtime;
  return [
    `version = ${runtime.version}`,
    `os = ${runtime.platform} ${runtime.osRelease} ${runtime.arch}`,
    `electron = ${versions.electron ?? 'none'}, chromium = ${versions.chrome ?? 'none'}, node = ${versions.node ?? 'none'}`,
    `build = ${runtime.packaged ? 'packaged' : 'development'}`,
    `updates = ${runtime.updates}`,
    `data folder = ${runtime.dataPath}`,
  ];
}

export function policyLines(policy: PolicyState): string[] {
  return [
    `source = ${policy.source ?? 'none'}`,
    `problem = ${policy.problem ?? 'none'}`,
    `locked = ${listOrNone(policy.locked)}`,
    `features off = ${listOrNone(FEATURES.filter((feature) => !policy.features[feature]))}`,
  ];
}

/**
 * Who is signed in is the member's identity: the report says only the session's state and the email's domain (which
 * team's Access it came through).
 */
export function signInLine(status: AuthStatus): string {
  const domain = 'email' in status ? ` (${status.email.split('@').pop() ?? ''})` : '';
  return `sign-in = ${status.state}${domain}`;
}

/** The mailbox's state, never its address. */
export function mailboxLine(status: Result<ZohoStatus>): string {
  if (!status.ok) return `mailbox = unknown (${[status.error.code, status.error.reason].filter(Boolean).join(', ')})`;
  const { state, dataCentre, canDraft } = status.value;
  return `mailbox = ${state}, data centre ${dataCentre}, drafts ${canDraft ? 'allowed' : 'not allowed'}`;
}

export function knowledgeLine(status: KnowledgeStatus): string {
  return [
    `knowledge base = ${status.folder.isDefault ? 'guide' : 'chosen'} folder`,
    `${status.notes} notes, ${status.chunks} chunks (${status.embedded} embedded with ${status.embeddingModel})`,
    `${status.state}, mode ${status.mode}`,
    `last indexed ${status.indexedAt ?? 'never'}`,
    `last error ${status.issue?.reason ?? 'none'}`,
  ].join(', ');
}

function attemptText(attempt: LiveAttempt | null): string {
  return attempt ? `${attempt.outcome} with ${attempt.model} at ${iso(attempt.at)}` : 'not tried since the app started';
}

/** Whether Live may be used (the policy's feature), its models, and what the last try of each kind met. */
export function liveLines(settings: Settings, live: LiveAttempts): string[] {
  const { voice, translation } = live.last();
  return [
    `live modes = ${settings.features.liveModes ? 'on' : 'off'}`,
    `live voice (${settings.models.live}) = ${attemptText(voice)}`,
    `live captions (${settings.models.liveTranslate}) = ${attemptText(translation)}`,
  ];
}

const KIB = 1024;

/**
 * Recent crashes (RD3): whether they are sent and to which server (its origin: the path or query may hold a token),
 * the newest minidumps on this computer, and the app's processes that died since it started.
 */
export function crashLines(settings: Settings, recent: RecentCrashes, gone: readonly GoneProcess[]): string[] {
  const { crashReports } = settings;
  const sending = sendsCrashReports(crashReports) ? `on, to ${crashServerOrigin(crashReports.url)}` : 'off, kept on this computer';
  const dumps = recent.dumps.map(
    (dump) =>
      `minidump ${iso(dump.at)}, ${Math.ceil(dump.bytes / KIB)} KB, ${dump.uploadedAt === null ? 'kept on this computer only' : `sent ${iso(dump.uploadedAt)}`}`,
  );
  // The crash reporter keeps the latest few (platform/crash-reporter.ts).
  const died = gone.map((process) => `${process.type} process ${process.reason} (exit code ${process.exitCode}) at ${iso(process.at)}`);
  return [
    `sending = ${sending}`,
    `minidumps = ${recent.kept === 0 ? 'none' : `${recent.kept} on this computer${recent.kept > dumps.length ? `, the newest ${dumps.length}:` : ':'}`}`,
    ...dumps,
    `processes gone since the app started = ${died.length === 0 ? 'none' : died.length}`,
    ...died,
  ];
}
