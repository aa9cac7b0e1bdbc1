import type Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ok } from '../../shared/result';
import type { SettingsPatch } from '../../shared/settings';
import type { SaveTranscriptInput } from '../../shared/translate';
import { allowOrigins } from '../../electron/main/app/app-origin';
import type { PromptFiles } from '../../electron/main/assistant/prompt-files';
import { createCore, type AppBroadcast, type Core, type CoreDeps } from '../../electron/main/core';
import type { TextFiles } from '../../electron/main/files/text-files';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import { createSettingsStore } from '../../electron/main/settings/settings-store';
import { openDatabase } from '../../electron/main/store/open-database';
import type { TranscriptFiles } from '../../electron/main/translate/transcript-files';
import { closedLoginPort } from './auth-test-kit';
import { APP_ORIGIN } from './fake-sender';

/**
 * Gemini for a core that was given none: a port nothing listens on (the discard port), so a test that forgot
 * to start the double gets "no network" rather than reaching Google.
 */
export const UNREACHABLE_GEMINI_URL = 'http://127.0.0.1:9';

/** The member's time zone in every test core, so that times in prompts do not depend on the machine. */
export const TEST_TIME_ZONE = 'Europe/Madrid';

export interface FakePromptFiles {
  readonly port: PromptFiles;
  /** Every file Export wrote, in order. */
  readonly saved: string[];
  /** What the next Import reads; null: the member cancels. */
  nextImport: string | null;
}

/** The system's save and open dialogs, answered by the test: exports are kept, imports come from `nextImport`. */
export function fakePromptFiles(): FakePromptFiles {
  const files: FakePromptFiles = {
    saved: [],
    nextImport: null,
    port: {
      save: async (_name, content) => {
        files.saved.push(content);
        return ok(true);
      },
      open: async () => ok(files.nextImport),
    },
  };
  return files;
}

export interface FakeDiagnosticsFiles {
  readonly port: Pick<TextFiles, 'save'>;
  /** Every report saved, in order. */
  readonly saved: Array<{ fileName: string; content: string }>;
  /** The member cancels the next save dialogs. */
  cancel: boolean;
}

/** The system's save dialog for the diagnostics, answered by the test: "saved" (kept here) or cancelled. */
export function fakeDiagnosticsFiles(): FakeDiagnosticsFiles {
  const files: FakeDiagnosticsFiles = {
    saved: [],
    cancel: false,
    port: {
      save: async ({ fileName }, content) => {
        if (files.cancel) return ok(false);
        files.saved.push({ fileName, content });
        return ok(true);
      },
    },
  };
  return files;
}

export interface FakeTranscriptFiles {
  readonly port: TranscriptFiles;
  /** Every transcript Export saved, in order. */
  readonly saved: SaveTranscriptInput[];
}

/** The system's save dialog for a meeting's captions, answered "saved" by the test: transcripts are kept. */
export function fakeTranscriptFiles(): FakeTranscriptFiles {
  const saved: SaveTranscriptInput[] = [];
  return {
    saved,
    port: {
      save: async (transcript) => {
        saved.push(transcript);
        return ok(true);
      },
    },
  };
}

/**
 * The real core over a real database in a temp folder, with in-memory secrets and logs. Pass
 * `gemini: { baseUrl: double.baseUrl }` to talk to the Gemini double, and `auth` (see auth-test-kit.ts) to sign in;
 * by default every sign-in window is closed by hand.
 */
export interface TestCore {
  core: Core;
  db: Database.Database;
  dir: string;
  file: string;
  log: ReturnType<typeof createMemoryLogger>;
  /** URLs handed to the system browser. */
  opens: string[];
  /** Texts put on the clipboard. */
  copies: string[];
  /** The knowledge base folder (empty unless a test writes notes into it) and the note files opened. */
  knowledgeFolder: string;
  openedNotes: string[];
  /** What Export wrote, and the file Import reads next (null: the member cancels the dialog). */
  promptFiles: FakePromptFiles;
  /** What a meeting's captions Export saved. */
  transcriptFiles: FakeTranscriptFiles;
  /** The diagnostics saved (the test's `dir` is the folder of main.log). */
  diagnosticsFiles: FakeDiagnosticsFiles;
  /** Events the core broadcast, in order (unless `broadcast` was overridden). */
  broadcasts: Array<{ event: AppBroadcast; payload: unknown }>;
  /**
   * Settings as a signed-in member (or an earlier run) left them, written straight to the store: for tests of what
   * reads them, not of who may change them (settings:update, which needs sign-in past the first run's).
   */
  storeSettings(patch: SettingsPatch): void;
  dispose(): void;
}

function withoutKnowledge({ knowledge: _knowledge, ...rest }: TestCoreOverrides): Partial<CoreDeps> {
  return rest;
}

/** Like the core's deps; `knowledge` is merged over the test's (its folder stays the test's unless named). */
export type TestCoreOverrides = Partial<Omit<CoreDeps, 'knowledge'>> & { knowledge?: Partial<CoreDeps['knowledge']> };

export function createTestCore(overrides: TestCoreOverrides = {}): TestCore {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-core-'));
  const file = join(dir, 'staff-desk.sqlite3');
  const opened = openDatabase(file);
  if (!opened.ok) throw new Error(opened.error.message);
  const log = createMemoryLogger();
  const opens: string[] = [];
  const copies: string[] = [];
  const broadcasts: TestCore['broadcasts'] = [];
  const knowledgeFolder = overrides.knowledge?.defaultFolder ?? join(dir, 'knowledge-base');
  mkdirSync(knowledgeFolder, { recursive: true });
  const openedNotes: string[] = [];
  const promptFiles = fakePromptFiles();
  const transcriptFiles = fakeTranscriptFiles();
  const diagnosticsFiles = fakeDiagnosticsFiles();
  const core = createCore({
    db: opened.db,
    secrets: createMemorySecretStore(),
    log,
    appInfo: { version: '0.0.0-test', dataPath: dir, platform: 'linux', updates: 'linux' },
    openExternal: async (url) => {
      opens.push(url);
    },
    copyText: (text) => copies.push(text),
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    // Tests call as the main window's page unless they name another window.
    windowOf: () => 'main',
    gemini: { baseUrl: UNREACHABLE_GEMINI_URL },
    auth: { login: closedLoginPort(), notify: () => {} },
    knowledge: {
      chooseFolder: async () => null,
      openNote: async (note) => {
        openedNotes.push(note);
        return { ok: true, openedWith: 'system' };
      },
      // The folder is not watched unless a test asks: a core per test would otherwise hold a watcher each.
      watch: () => ({ close() {} }),
      ...overrides.knowledge,
      defaultFolder: knowledgeFolder,
    },
    assistant: { promptFiles: promptFiles.port, timeZone: () => TEST_TIME_ZONE },
    translate: { transcriptFiles: transcriptFiles.port },
    diagnostics: {
      host: { osRelease: '6.8.0-test', arch: 'x64', versions: { electron: '40.0.0', chrome: '144.0.0.0', node: '24.0.0' }, packaged: false },
      logDir: dir,
      files: diagnosticsFiles.port,
    },
    broadcast: (event, payload) => broadcasts.push({ event, payload }),
    ...withoutKnowledge(overrides),
  });
  return {
    core,
    db: opened.db,
    dir,
    file,
    log,
    opens,
    copies,
    broadcasts,
    knowledgeFolder,
    openedNotes,
    promptFiles,
    transcriptFiles,
    diagnosticsFiles,
    storeSettings: (patch) => void createSettingsStore(opened.db).update(patch),
    dispose() {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
