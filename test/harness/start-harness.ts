import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { arch, release } from 'node:os';
import { join } from 'node:path';
import { ok } from '../../shared/result';
import type { SecretName } from '../../shared/secrets';
import { allowOrigins } from '../../electron/main/app/app-origin';
import { accessOnDouble } from '../../electron/main/app/upstream-overrides';
import { createCore } from '../../electron/main/core';
import { writeFileAtomic } from '../../electron/main/files/atomic-write';
import { createLogger, createRedactor, type Logger, type LogSink, type Redactor } from '../../electron/main/log/logger';
import { createKeytarSecretStore, loadKeytar } from '../../electron/main/secrets/keytar-secret-store';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import { policyFileSource } from '../../electron/main/policy/os-policy-source';
import type { SecretStore } from '../../electron/main/secrets/secret-store';
import { createSettingsStore } from '../../electron/main/settings/settings-store';
import { openDatabase } from '../../electron/main/store/open-database';
import type { HarnessConfig } from './harness-config';
import { harnessLoginPort } from './harness-login-port';
import { createPageServer } from './page-server';
import { attachWsTransport, IPC_SOCKET_PATH, type WsTransport } from './ws-transport';

/** The app's database file name, so a dataDir looks like the app's own data folder. */
export const DATABASE_FILE = 'staff-desk.sqlite3';
export const LOG_FILE = 'harness.log';
/** Where a meeting's exported captions land in the dataDir, named as the page suggested: a browser test reads them there. */
export const TRANSCRIPTS_DIR = 'transcripts';
/** Keys the harness puts in a real keychain are filed apart from the installed app's. */
export const HARNESS_KEYCHAIN_SERVICE = 'Staff Desk (harness)';

export interface HarnessDeps {
  config: HarnessConfig;
  rendererDir: string;
  /** The knowledge base used unless the config's settings name one: the guide in the repository's resources/. */
  defaultKnowledgeFolder: string;
  shimCode: string;
  appVersion: string;
}

export interface RunningHarness {
  /** The page, token included: `http://127.0.0.1:P/?token=T`. */
  readonly url: string;
  /** The socket: `ws://127.0.0.1:P/ipc?token=T`. */
  readonly ws: string;
  /** Closes the socket, the server and the database; safe to call more than once. */
  close(): Promise<void>;
}

export type HarnessStart =
  | { ok: true; harness: RunningHarness; /** What did not go as configured, for stderr; none of it is fatal. */ notes: string[] }
  | { ok: false; message: string };

function fileSink(file: string): LogSink {
  return { write: (line) => appendFileSync(file, `${line}\n`) };
}

function secretStoreFor(config: HarnessConfig, redactor: Redactor): SecretStore {
  return config.secrets === 'keychain'
    ? createKeytarSecretStore({
        keytar: loadKeytar,
        service: HARNESS_KEYCHAIN_SERVICE,
        redactor,
        platform: process.platform,
      })
    : createMemorySecretStore({}, redactor);
}

async function writeSecrets(store: SecretStore, values: HarnessConfig['secretValues']): Promise<string | null> {
  for (const [name, value] of Object.entries(values) as [SecretName, string][]) {
    const written = await store.set(name, value);
    if (!written.ok) return `secretValues.${name} could not be stored: ${written.error.message} ${written.error.hint ?? ''}`.trim();
  }
  return null;
}

function listen(server: ReturnType<typeof createPageServer>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the token guards the page, and nothing off this machine can even reach it.
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The real core behind the WebSocket transport, with the built renderer served beside it (docs/testing.md).
 * Nothing here is part of the packaged app.
 */
export async function startHarness(deps: HarnessDeps): Promise<HarnessStart> {
  const { config } = deps;
  mkdirSync(config.dataDir, { recursive: true });
  const redactor = createRedactor();
  const log: Logger = createLogger([fileSink(join(config.dataDir, LOG_FILE))], redactor);

  const opened = openDatabase(join(config.dataDir, DATABASE_FILE));
  if (!opened.ok) return { ok: false, message: opened.error.message };
  const db = opened.db;
  const secrets = secretStoreFor(config, redactor);
  const secretsProblem = await writeSecrets(secrets, config.secretValues);
  if (secretsProblem) {
    db.close();
    return { ok: false, message: secretsProblem };
  }
  createSettingsStore(db).update(config.settings);

  const token = randomBytes(32).toString('base64url');
  const server = createPageServer({ rendererDir: deps.rendererDir, shimCode: deps.shimCode, token, readFile });
  let port: number;
  try {
    port = await listen(server);
  } catch (error) {
    db.close();
    return { ok: false, message: `The harness could not listen on 127.0.0.1: ${(error as Error).message}` };
  }
  const origin = `http://127.0.0.1:${port}`;

  // The socket transport needs the core's registry, so it is attached after; until then no socket is open anyway.
  let broadcastToSockets: WsTransport['broadcast'] = () => {};
  let windowOfSocket: WsTransport['windowOf'] = () => null;
  const accessFromConfig = config.cfAccess && accessOnDouble(config.cfAccess.teamUrl, config.cfAccess.aud);
  // A test that writes, changes or removes the file sees the app follow, as it follows /etc/staff-desk/policy.json.
  const policySource = config.policyFile === undefined ? null : policyFileSource(config.policyFile, log);
  const core = createCore({
    db,
    ...(policySource ? { policy: { source: policySource, initial: await policySource.read() } } : {}),
    secrets,
    log,
    appInfo: { version: deps.appVersion, dataPath: config.dataDir, platform: process.platform, updates: 'development' },
    // No system browser is opened from a test run: the request is only recorded.
    openExternal: async (url) => log.info('external link requested', { url }),
    // Nor is the tester's clipboard touched: the length is enough to see that a copy was asked for.
    copyText: (text) => log.info('copy to clipboard requested', { chars: text.length }),
    isTrustedSender: allowOrigins([origin]),
    windowOf: (sender) => windowOfSocket(sender),
    gemini: { baseUrl: config.gemini.baseUrl },
    zoho: { accountsUrl: config.zoho.accountsUrl, mailUrl: config.zoho.mailUrl },
    auth: {
      login: harnessLoginPort(config.cfToken),
      notify: (notice) => log.info('notification', notice),
      ...(accessFromConfig ? { accessOverride: accessFromConfig } : {}),
    },
    knowledge: {
      defaultFolder: deps.defaultKnowledgeFolder,
      // No dialog in a test run: the folder comes from the config's settings.knowledgeBase.path.
      chooseFolder: async () => {
        log.info('folder picker requested; the harness answers "cancelled"');
        return null;
      },
      // Nor does a test open the tester's editor: the request is recorded, and the path was checked like the app's.
      openNote: async (file) => {
        log.info('note open requested', { file });
        return { ok: true, openedWith: 'system' };
      },
    },
    // No dialog in a test run either: an export or an import is answered "cancelled".
    assistant: {
      promptFiles: {
        save: async () => {
          log.info('prompts export requested; the harness answers "cancelled"');
          return ok(false);
        },
        open: async () => {
          log.info('prompts import requested; the harness answers "cancelled"');
          return ok(null);
        },
      },
    },
    // Nor for a meeting's captions: the export is saved where a browser test can read it back.
    translate: {
      transcriptFiles: {
        save: async ({ format, fileName, content }) => {
          const folder = join(config.dataDir, TRANSCRIPTS_DIR);
          const file = join(folder, `${fileName}.${format}`);
          await mkdir(folder, { recursive: true });
          // Whole or not at all, as the app's own files are: a test reading it once it exists never sees half of it.
          const written = await writeFileAtomic(file, content);
          if (!written.ok) return written;
          log.info('transcript export requested; the harness saved it', { file, chars: content.length });
          return ok(true);
        },
      },
    },
    // The harness's log is harness.log, not main.log: the report's log section stays empty here.
    diagnostics: {
      host: { osRelease: release(), arch: arch(), versions: process.versions, packaged: false },
      logDir: config.dataDir,
      files: {
        save: async () => {
          log.info('diagnostics save requested; the harness answers "cancelled"');
          return ok(false);
        },
      },
    },
    // Nor for a team profile: an export or a choice is answered "cancelled" (a test drops the file's text instead).
    profile: {
      profileFiles: {
        save: async () => {
          log.info('team profile export requested; the harness answers "cancelled"');
          return ok(false);
        },
        open: async () => {
          log.info('team profile choice requested; the harness answers "cancelled"');
          return ok(null);
        },
      },
    },
    broadcast: (event, payload) => broadcastToSockets(event, payload),
    // No window to show or hide in a browser: the quick-ask page's requests are recorded.
    desktop: {
      quickAsk: {
        toggle: () => log.info('quick ask shortcut pressed'),
        hide: (open) => log.info('quick ask hide requested', { open: open ?? null }),
      },
    },
  });
  const transport = attachWsTransport({ server, registry: core.registry, token, origin, log });
  broadcastToSockets = transport.broadcast;
  windowOfSocket = transport.windowOf;

  const notes: string[] = [];
  if (config.cfToken !== undefined) {
    // Not fatal: a test of the signed-out shell, or of a refused token, needs the harness running.
    const accepted = await core.auth.acceptToken(config.cfToken);
    if (!accepted.ok) {
      const why = accepted.error.reason ?? accepted.error.code;
      notes.push(`cfToken was refused (${why}): ${accepted.error.message} The harness starts signed out.`);
    }
  }
  log.info('harness started', { origin, dataDir: config.dataDir, secrets: config.secrets });

  let closing: Promise<void> | null = null;
  return {
    ok: true,
    notes,
    harness: {
      url: `${origin}/?token=${token}`,
      ws: `ws://127.0.0.1:${port}${IPC_SOCKET_PATH}?token=${token}`,
      close() {
        closing ??= (async () => {
          await transport.close();
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          log.info('harness stopped');
          core.close();
        })();
        return closing;
      },
    },
  };
}
