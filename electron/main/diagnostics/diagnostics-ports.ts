import type { AuthStatus } from '../../../shared/auth';
import type { GoneProcess, RecentCrashes } from '../../../shared/crash-reports';
import type { PolicyState } from '../../../shared/managed-policy';
import type { KnowledgeStatus } from '../../../shared/oracle';
import type { Result } from '../../../shared/result';
import type { KeyCheck, SecretName } from '../../../shared/secrets';
import type { Settings } from '../../../shared/settings';
import type { UpdateMode } from '../../../shared/updates';
import type { ZohoStatus } from '../../../shared/zoho-connection';
import type { StartupFigures } from '../startup/startup-marks';
import type { LiveAttempts } from './live-attempts';

/** The system and the build the app runs on: what only main's entry point knows (index.ts). */
export interface HostFacts {
  osRelease: string;
  arch: string;
  /** process.versions: electron and chrome in the app, node everywhere. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  packaged: boolean;
}

/** The process and the build the report describes. */
export interface RuntimeFacts extends HostFacts {
  version: string;
  platform: string;
  updates: UpdateMode;
  dataPath: string;
  /** Where log/file-sink.ts writes main.log. */
  logDir: string;
}

/**
 * What the report reads, each from the service that owns it, handed over by the core: the diagnostics import no
 * capability. Secrets come as their status, and their values only so that the finished report can be masked.
 */
export interface DiagnosticsPorts {
  runtime: RuntimeFacts;
  settings(): Settings;
  secrets: {
    status(): Promise<Result<Record<SecretName, boolean>>>;
    get(name: SecretName): Promise<Result<string | null>>;
  };
  keyCheck(): KeyCheck | null;
  policy: { state(): PolicyState };
  signIn(): AuthStatus;
  mailbox(signal: AbortSignal): Promise<Result<ZohoStatus>>;
  knowledge(): KnowledgeStatus;
  live: LiveAttempts;
  /** The minidumps on this computer (RD3), and the app's processes that died this session. */
  crashes: { recent(): Promise<RecentCrashes>; gone(): readonly GoneProcess[] };
  /** This run's start (RD4); null where nothing was started (the harness). */
  lastStart(): StartupFigures | null;
  /** Epoch milliseconds: the report's own time. */
  now(): number;
}
