import type Database from 'better-sqlite3';
import { contract, type AppContract } from '../../shared/ipc/contract';
import { appHandlers, type AppInfo } from './app/app-handlers';
import { createGeminiGateway } from './gemini/gateway';
import { secretsCheckHandler } from './gemini/secrets-check-handler';
import { createRegistry, type Member, type Registry } from './ipc/registry';
import type { SenderPolicy } from './ipc/sender';
import type { Logger } from './log/logger';
import type { SecretStore } from './secrets/secret-store';
import { secretsHandlers } from './secrets/secrets-handlers';
import { settingsHandlers } from './settings/settings-handlers';
import { createSettingsStore } from './settings/settings-store';

/**
 * The composition root. Everything the app does is reachable from here, and everything it needs comes in
 * through `deps`: no module below this line imports `electron`, so the whole core runs (and is tested) in Node.
 */
export interface CoreDeps {
  db: Database.Database;
  secrets: SecretStore;
  log: Logger;
  appInfo: AppInfo;
  /** Hands an already-validated https URL to the system browser. */
  openExternal: (url: string) => Promise<void>;
  isTrustedSender: SenderPolicy;
  /** Where Gemini lives: Google's API in the app, a local double in tests. */
  gemini: { baseUrl: string };
  /** The verified staff session; until sign-in lands (issue 4) there is none, so protected channels refuse. */
  currentMember?: () => Member | null;
}

export interface Core {
  readonly registry: Registry<AppContract>;
  close(): void;
}

export function createCore(deps: CoreDeps): Core {
  const settings = createSettingsStore(deps.db);
  const gemini = createGeminiGateway({ secrets: deps.secrets, baseUrl: deps.gemini.baseUrl, log: deps.log });
  const registry = createRegistry({
    contract,
    log: deps.log,
    isTrustedSender: deps.isTrustedSender,
    currentMember: deps.currentMember ?? (() => null),
    handlers: {
      ...appHandlers({ info: deps.appInfo, openExternal: deps.openExternal, log: deps.log }),
      ...settingsHandlers({ settings }),
      ...secretsHandlers({ secrets: deps.secrets }),
      ...secretsCheckHandler({ gateway: gemini, settings }),
    },
  });
  return {
    registry,
    close() {
      deps.db.close();
    },
  };
}
