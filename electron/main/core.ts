import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { AccessConfig } from '../../shared/access-config';
import { broadcasts, contract, type AppBroadcasts, type AppContract } from '../../shared/ipc/contract';
import { matchLang, type Lang } from '../../shared/lang';
import { appHandlers, type AppInfo } from './app/app-handlers';
import { accessFromSettings } from './auth/access-from-settings';
import { systemTimers } from './auth/alarm';
import { authHandlers } from './auth/auth-handlers';
import { createAuthSession, type AuthSession } from './auth/auth-session';
import type { LoginPort, Notify } from './auth/login-port';
import { createDigest } from './digest/digest';
import { digestHandlers } from './digest/digest-handlers';
import { createDigestSchedule, systemUtcOffsetMs } from './digest/digest-schedule';
import { createGeminiGateway } from './gemini/gateway';
import { createKnowledgeService } from './knowledge/knowledge-service';
import { watchFolder, type WatchFolder } from './knowledge/watch-folder';
import { createOracle } from './oracle/oracle';
import { oracleHandlers } from './oracle/oracle-handlers';
import type { OpenNoteFile } from './platform/note-opener';
import { sleep } from './gemini/retry-policy';
import { secretsCheckHandler } from './gemini/secrets-check-handler';
import { createRegistry, type Registry } from './ipc/registry';
import { SECRETARY } from '../../shared/limits';
import type { SenderPolicy } from './ipc/sender';
import type { Logger } from './log/logger';
import type { SecretStore } from './secrets/secret-store';
import { secretsHandlers } from './secrets/secrets-handlers';
import { createSecretary } from './secretary/secretary';
import { settingsHandlers } from './settings/settings-handlers';
import { createSettingsStore, type SettingsStore } from './settings/settings-store';
import { createZoho } from './zoho/create-zoho';
import { mailHtmlToText } from './zoho/mail-text';
import { zohoFailed } from './zoho/zoho-failure';
import { zohoHandlers } from './zoho/zoho-handlers';
import type { ZohoOverrides } from './zoho/zoho-endpoints';

export type AppBroadcast = keyof AppBroadcasts;

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
  /** Writes text to the system clipboard (the sandboxed page is given no clipboard permission). */
  copyText: (text: string) => void;
  isTrustedSender: SenderPolicy;
  /** Where Gemini lives: Google's API in the app, a local double in tests. */
  gemini: { baseUrl: string };
  /** Zoho's hosts come from the data centre in Settings; the harness and tests point them at the Zoho double. */
  zoho?: ZohoOverrides;
  /** The operating system's preferred languages (BCP 47), for text main writes when Settings say "System". */
  systemLanguages?: readonly string[];
  /**
   * Staff sign-in: the windows that obtain a Cloudflare Access token, the way to tell the member something, and
   * (the harness only) access settings that take the place of the member's.
   */
  auth: { login: LoginPort; notify: Notify; accessOverride?: AccessConfig };
  /**
   * The oracle's knowledge base: the folder used until the member chooses one (the guide shipped in resources/),
   * the system's folder picker and note opener, and (tests only) a stand-in for watching the folder.
   */
  knowledge: {
    defaultFolder: string;
    chooseFolder: () => Promise<string | null>;
    openNote: OpenNoteFile;
    watch?: WatchFolder;
  };
  /** Delivers an event main raises on its own to the app's window(s); the core has checked the payload. */
  broadcast: (event: AppBroadcast, payload: unknown) => void;
  /** A settings write changed the language main speaks: what main shows outside the window (the tray) follows. */
  languageChanged?: (lang: Lang) => void;
}

export interface Core {
  readonly registry: Registry<AppContract>;
  /** The staff session; the harness hands it its cfToken. */
  readonly auth: AuthSession;
  /** The member's language: Settings, else the system's. */
  lang(): Lang;
  close(): void;
}

export function createCore(deps: CoreDeps): Core {
  const { log } = deps;
  const stored = createSettingsStore(deps.db);
  const langOf = (chosen: Lang | null): Lang => chosen ?? matchLang(deps.systemLanguages ?? []);
  const lang = () => langOf(stored.get().language);

  function broadcast<E extends AppBroadcast>(event: E, payload: z.input<AppBroadcasts[E]>) {
    const checked = broadcasts[event].safeParse(payload);
    // A payload that breaks the contract is our bug: logged, and the window is not sent what it cannot read.
    if (!checked.success) return log.error('broadcast refused: payload breaks the contract', { event, error: checked.error });
    deps.broadcast(event, checked.data);
  }

  const session = createAuthSession({
    access: () => deps.auth.accessOverride ?? accessFromSettings(stored.get().access),
    login: deps.auth.login,
    notify: deps.auth.notify,
    lang,
    fetch: (url, init) => fetch(url, init),
    now: () => Date.now(),
    timers: systemTimers,
    publish: (status) => {
      broadcast('auth:changed', status);
      // A member who just signed in may be owed a mailbox pass (the schedule skips while signed out).
      if (status.state === 'signed_in') void digestSchedule.check();
    },
    log,
  });
  // Every settings write goes through here, so the session learns at once when its team or application changes.
  const settings: SettingsStore = {
    get: stored.get,
    update(patch) {
      const before = lang();
      const next = stored.update(patch);
      if (patch.access) session.accessChanged();
      if (patch.digest) void digestSchedule.check();
      if (patch.knowledgeBase || patch.models?.embedding) knowledge.settingsChanged(patch);
      const spoken = langOf(next.language);
      if (spoken !== before) deps.languageChanged?.(spoken);
      return next;
    },
  };

  const gemini = createGeminiGateway({ secrets: deps.secrets, baseUrl: deps.gemini.baseUrl, log });
  const hasGeminiKey = async () => {
    const key = await deps.secrets.get('gemini.apiKey');
    return key.ok && key.value !== null;
  };
  const knowledge = createKnowledgeService({
    db: deps.db,
    gateway: gemini,
    settings: settings.get,
    defaultFolder: deps.knowledge.defaultFolder,
    hasGeminiKey,
    watch: deps.knowledge.watch ?? watchFolder,
    publish: (status) => broadcast('oracle:changed', status),
    now: () => Date.now(),
    log,
  });
  const oracle = createOracle({ db: deps.db, gateway: gemini, settings: settings.get, hasGeminiKey, lang, now: () => Date.now(), log });
  const zoho = createZoho({
    secrets: deps.secrets,
    settings,
    log,
    fetch: (url, init) => fetch(url, init),
    openExternal: deps.openExternal,
    now: () => Date.now(),
    sleep,
    htmlToText: mailHtmlToText,
    ...(deps.zoho ? { overrides: deps.zoho } : {}),
  });
  const secretary = createSecretary({ gateway: gemini, mailbox: zoho.mailbox, db: deps.db, settings, now: () => Date.now(), log });
  const digest = createDigest({
    gateway: gemini,
    mail: zoho.mailbox,
    db: deps.db,
    settings,
    now: () => Date.now(),
    lang,
    log,
    notify: deps.auth.notify,
    publish: ({ digest: stored }) => broadcast('digest:updated', stored),
  });
  const digestSchedule = createDigestSchedule({
    settings: () => settings.get().digest,
    now: () => Date.now(),
    timers: systemTimers,
    utcOffsetMs: systemUtcOffsetMs,
    async readiness() {
      const member = session.currentMember();
      if (!member) return { ready: false, reason: 'signed_out' };
      const zohoStatus = await zoho.connection.status(AbortSignal.timeout(SECRETARY.modelTimeoutMs));
      return zohoStatus.ok && zohoStatus.value.state === 'connected'
        ? { ready: true, member }
        : { ready: false, reason: 'zoho_disconnected' };
    },
    lastPassAt: digest.lastPassAt,
    runPass: (member, signal) => digest.run({ member, signal }),
    log,
  });

  const registry = createRegistry({
    contract,
    log,
    isTrustedSender: deps.isTrustedSender,
    currentMember: session.currentMember,
    onUnauthenticated: session.protectedCallRefused,
    handlers: {
      ...appHandlers({ info: deps.appInfo, openExternal: deps.openExternal, copyText: deps.copyText, log }),
      ...settingsHandlers({ settings }),
      ...secretsHandlers({
        secrets: deps.secrets,
        // A new key embeds the knowledge base now; a removed one turns the oracle lexical, said at once.
        changed: (name) => {
          if (name === 'gemini.apiKey') void knowledge.reindex();
        },
      }),
      ...secretsCheckHandler({ gateway: gemini, settings }),
      ...authHandlers({ session }),
      ...zohoHandlers({ connection: zoho.connection, connected: () => void digestSchedule.check() }),
      ...digestHandlers({ digest }),
      ...oracleHandlers({
        oracle,
        knowledge,
        settings,
        chooseFolder: deps.knowledge.chooseFolder,
        openNote: deps.knowledge.openNote,
        log,
      }),
      'secretary:ask': async (input, ctx) => {
        // No mailbox, no question: say so before any model tokens are spent or the question is counted.
        const refreshToken = await deps.secrets.get('zoho.refreshToken');
        if (!refreshToken.ok) return refreshToken;
        if (refreshToken.value === null) return zohoFailed({ kind: 'not_connected' });
        return secretary.ask(input, { member: ctx.member, signal: ctx.signal });
      },
    },
  });
  void digestSchedule.check();
  knowledge.start();
  return {
    registry,
    auth: session,
    lang,
    close() {
      digestSchedule.stop();
      knowledge.close();
      session.close();
      deps.db.close();
    },
  };
}
