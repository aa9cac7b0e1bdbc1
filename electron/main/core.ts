import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { AccessConfig } from '../../shared/access-config';
import { broadcasts, contract, type AppBroadcasts, type AppContract } from '../../shared/ipc/contract';
import type { DesktopCommand } from '../../shared/desktop';
import { matchLang, type Lang } from '../../shared/lang';
import { ASSISTANT, TRANSLATE } from '../../shared/limits';
import { appHandlers, type AppInfo } from './app/app-handlers';
import { createAssistantCapability } from './assistant/assistant-capability';
import type { PromptFiles } from './assistant/prompt-files';
import { ASSISTANT_BUDGET } from './assistant/assistant';
import { accessFromSettings } from './auth/access-from-settings';
import { systemTimers } from './timers/alarm';
import { authHandlers } from './auth/auth-handlers';
import { createAuthSession, type AuthSession } from './auth/auth-session';
import type { LoginPort, Notify } from './auth/login-port';
import type { AppEvents, Capability } from './capability';
import { createDesktopCapability, type DesktopPorts } from './desktop/desktop-capability';
import { createQuickAskCapability, type QuickAskPort } from './desktop/quick-ask-capability';
import type { ShortcutPort } from './desktop/shortcut-port';
import { createShortcutsCapability } from './desktop/shortcuts-capability';
import { createDigestCapability } from './digest/digest-capability';
import { createGeminiGateway } from './gemini/gateway';
import { sleep } from './timers/sleep';
import { createRegistry, type Registry } from './ipc/registry';
import type { SenderPolicy } from './ipc/sender';
import type { WatchFolder } from './knowledge/watch-folder';
import type { Logger } from './log/logger';
import { createOracleCapability } from './oracle/oracle-capability';
import type { OpenNoteFile } from './oracle/open-note-file';
import { createAiChannelLimiter } from './rate-limit/ai-channel-limiter';
import type { SecretStore } from './secrets/secret-store';
import { createKeysCapability } from './secrets/keys-capability';
import { createSecretaryCapability } from './secretary/secretary-capability';
import { settingsHandlers } from './settings/settings-handlers';
import { createSettingsStore, type SettingsStore } from './settings/settings-store';
import { createZoho } from './zoho/create-zoho';
import { createSpeechGrants } from './voice/speech-grants';
import { createVoiceCapability } from './voice/voice-capability';
import { createTranslateCapability, TRANSLATE_BUDGET } from './translate/translate-capability';
import type { TranscriptFiles } from './translate/transcript-files';
import { mailHtmlToText } from './zoho/mail-text';
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
  /** Wall clock, epoch milliseconds: Date.now unless a test or bench runs the core on its own time. */
  now?: () => number;
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
  /**
   * The Assistant: where its prompts' file is saved and read (the system's dialogs in the app), and the member's
   * time zone (the system's unless a test fixes one).
   */
  assistant: { promptFiles: PromptFiles; timeZone?: () => string };
  /** Translate: where a meeting's exported captions are saved (the system's save dialog in the app). */
  translate: { transcriptFiles: TranscriptFiles };
  /** Delivers an event main raises on its own to the app's window(s); the core has checked the payload. */
  broadcast: (event: AppBroadcast, payload: unknown) => void;
  /** A settings write changed the language main speaks: what main shows outside the window (the tray) follows. */
  languageChanged?: (lang: Lang) => void;
  /** Voice on the desktop: the signs that the microphone is live (the tray, the on-top indicator). */
  voice?: { microphone?: (live: boolean) => void };
  /**
   * The desktop: its global shortcuts and the quick-ask window. Absent where there is no desktop (the browser
   * harness): the shortcuts are then 'unavailable'.
   */
  desktop?: { shortcuts?: ShortcutPort; quickAsk?: QuickAskPort } & DesktopPorts;
}

export interface Core {
  readonly registry: Registry<AppContract>;
  /** The staff session; the harness hands it its cfToken. */
  readonly auth: AuthSession;
  /** The member's language: Settings, else the system's. */
  lang(): Lang;
  /** Asks the app's window to start or stop push-to-talk or live captions (the tray's menu, a global shortcut). */
  command(command: DesktopCommand): void;
  /** The member closed the window and the app stays in the tray (said once). */
  closedToTray(): void;
  close(): void;
}

export function createCore(deps: CoreDeps): Core {
  const { log } = deps;
  const now = deps.now ?? (() => Date.now());
  const stored = createSettingsStore(deps.db);
  const langOf = (chosen: Lang | null): Lang => chosen ?? matchLang(deps.systemLanguages ?? []);
  const lang = () => langOf(stored.get().language);

  function broadcast<E extends AppBroadcast>(event: E, payload: z.input<AppBroadcasts[E]>) {
    const checked = broadcasts[event].safeParse(payload);
    // A payload that breaks the contract is our bug: logged, and the window is not sent what it cannot read.
    if (!checked.success) return log.error('broadcast refused: payload breaks the contract', { event, error: checked.error });
    deps.broadcast(event, checked.data);
  }

  // Filled below, once every capability exists: events raised earlier (none are, before start) reach nobody.
  const capabilities: Capability[] = [];
  const events: AppEvents = {
    settingsChanged: (patch) => capabilities.forEach((capability) => capability.settingsChanged?.(patch)),
    secretChanged: (name) => capabilities.forEach((capability) => capability.secretChanged?.(name)),
    sessionChanged: (status) => capabilities.forEach((capability) => capability.sessionChanged?.(status)),
    mailboxConnected: () => capabilities.forEach((capability) => capability.mailboxConnected?.()),
  };

  const session = createAuthSession({
    access: () => deps.auth.accessOverride ?? accessFromSettings(stored.get().access),
    login: deps.auth.login,
    notify: deps.auth.notify,
    lang,
    fetch: (url, init) => fetch(url, init),
    now,
    timers: systemTimers,
    publish: (status) => {
      broadcast('auth:changed', status);
      events.sessionChanged(status);
    },
    log,
  });
  // Every settings write goes through here, so every capability learns at once what changed.
  const settings: SettingsStore = {
    get: stored.get,
    update(patch) {
      const before = lang();
      const next = stored.update(patch);
      broadcast('settings:changed', next);
      events.settingsChanged(patch);
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
  const zoho = createZoho({
    secrets: deps.secrets,
    settings,
    log,
    fetch: (url, init) => fetch(url, init),
    openExternal: deps.openExternal,
    now,
    sleep,
    htmlToText: mailHtmlToText,
    ...(deps.zoho ? { overrides: deps.zoho } : {}),
  });

  const app = { handlers: appHandlers({ info: deps.appInfo, openExternal: deps.openExternal, copyText: deps.copyText, log }) };
  const preferences = { handlers: settingsHandlers({ settings }) };
  const keys = createKeysCapability({ db: deps.db, secrets: deps.secrets, gateway: gemini, settings, events, now });
  const auth: Capability<'auth:status' | 'auth:login' | 'auth:logout'> = {
    handlers: authHandlers({ session }),
    close: () => session.close(),
    // A new team or application: the session learns at once that its sign-in may no longer hold.
    settingsChanged: (patch) => {
      if (patch.access) session.accessChanged();
    },
  };
  const mailbox = { handlers: zohoHandlers({ connection: zoho.connection, connected: events.mailboxConnected }) };
  const desktop = createDesktopCapability({
    ...deps.desktop,
    db: deps.db,
    session,
    settings,
    notify: deps.auth.notify,
    lang,
    platform: deps.appInfo.platform,
    log,
  });
  const digest = createDigestCapability({
    db: deps.db,
    gateway: gemini,
    zoho,
    settings,
    session,
    lang,
    notify: deps.auth.notify,
    publish: (stored) => {
      broadcast('digest:updated', stored);
      desktop.digestChanged();
    },
    now,
    log,
  });
  const oracle = createOracleCapability({
    db: deps.db,
    gateway: gemini,
    settings,
    hasGeminiKey,
    lang,
    defaultFolder: deps.knowledge.defaultFolder,
    chooseFolder: deps.knowledge.chooseFolder,
    openNote: deps.knowledge.openNote,
    ...(deps.knowledge.watch ? { watch: deps.knowledge.watch } : {}),
    publish: (status) => broadcast('oracle:changed', status),
    now,
    log,
  });
  const secretary = createSecretaryCapability({ db: deps.db, gateway: gemini, zoho, secrets: deps.secrets, settings, now, log });
  // G9: one limiter for the whole AI channel; each part counts against its own budget (Voice shares the Assistant's;
  // Translate has its own, so live captions never starve the Assistant).
  const aiChannel = createAiChannelLimiter({
    now,
    budgets: {
      [ASSISTANT_BUDGET]: { limit: ASSISTANT.rateLimitPerMinute, windowMs: ASSISTANT.rateLimitWindowMs },
      [TRANSLATE_BUDGET]: { limit: TRANSLATE.rateLimitPerMinute, windowMs: TRANSLATE.rateLimitWindowMs },
    },
  });
  const speechGrants = createSpeechGrants({ now });
  const assistant = createAssistantCapability({
    db: deps.db,
    gateway: gemini,
    settings,
    zoho,
    secrets: deps.secrets,
    limiter: aiChannel,
    speechGrants,
    promptFiles: deps.assistant.promptFiles,
    timeZone: deps.assistant.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    now,
    log,
  });
  const voice = createVoiceCapability({
    gateway: gemini,
    settings,
    limiter: aiChannel,
    speechGrants,
    ...deps.voice,
    now,
    log,
  });
  const translate = createTranslateCapability({
    gateway: gemini,
    settings,
    limiter: aiChannel,
    transcriptFiles: deps.translate.transcriptFiles,
    now,
    log,
  });

  const command = (name: DesktopCommand) => broadcast('desktop:command', { command: name });
  const shortcuts = createShortcutsCapability({
    settings,
    ...(deps.desktop?.shortcuts ? { shortcuts: deps.desktop.shortcuts } : {}),
    actions: {
      quickAsk: () => deps.desktop?.quickAsk?.toggle(),
      pushToTalk: () => command('pushToTalk'),
      liveCaptions: () => command('liveCaptions'),
    },
    publish: (states) => broadcast('desktop:shortcutsChanged', states),
    log,
  });
  const quickAsk = createQuickAskCapability({ ...(deps.desktop?.quickAsk ? { quickAsk: deps.desktop.quickAsk } : {}) });

  const registry = createRegistry({
    contract,
    log,
    isTrustedSender: deps.isTrustedSender,
    // No quick-ask window (tests, or before it exists): nobody may call its channels.
    windows: { quickAsk: (sender) => deps.desktop?.quickAsk?.isQuickAsk(sender) ?? false },
    currentMember: session.currentMember,
    onUnauthenticated: session.protectedCallRefused,
    // Spelled out, not folded: the Handlers type then proves that every channel of the contract has its handler.
    handlers: {
      ...app.handlers,
      ...preferences.handlers,
      ...keys.handlers,
      ...auth.handlers,
      ...mailbox.handlers,
      ...digest.handlers,
      ...oracle.handlers,
      ...secretary.handlers,
      ...assistant.handlers,
      ...voice.handlers,
      ...translate.handlers,
      ...shortcuts.handlers,
      ...quickAsk.handlers,
      ...desktop.handlers,
    },
  });
  capabilities.push(app, preferences, keys, auth, mailbox, digest, oracle, secretary, assistant, voice, translate, shortcuts, quickAsk, desktop);
  for (const capability of capabilities) capability.start?.();
  return {
    registry,
    auth: session,
    lang,
    command,
    closedToTray: desktop.closedToTray,
    close() {
      for (const capability of capabilities) capability.close?.();
      deps.db.close();
    },
  };
}
