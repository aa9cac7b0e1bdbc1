import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { AccessConfig } from '../../shared/access-config';
import type { GoneProcess } from '../../shared/crash-reports';
import type { DesktopCommand } from '../../shared/desktop';
import { broadcasts, contract, windowChannels, type AppBroadcasts, type AppContract } from '../../shared/ipc/contract';
import type { AppWindow } from '../../shared/ipc/define';
import { matchLang, type Lang } from '../../shared/lang';
import { applyPolicy, lockedFields } from '../../shared/managed-policy';
import { FEATURES, type Features } from '../../shared/settings';
import { createAppCapability } from './app/app-capability';
import type { AppInfo } from './app/app-handlers';
import { createAssistantCapability } from './assistant/assistant-capability';
import { createAssistantPromptsStore } from './assistant/assistant-prompts';
import type { PromptFiles } from './assistant/prompt-files';
import { accessFromSettings } from './auth/access-from-settings';
import { createAuthCapability } from './auth/auth-capability';
import { createAuthSession, type AuthSession } from './auth/auth-session';
import type { LoginPort, Notify } from './auth/login-port';
import type { AppEvents, Broadcast, Capability, HandledChannel } from './capability';
import { createCrashReports } from './crash-reports/crash-reports';
import { createCrashReportsCapability } from './crash-reports/crash-reports-capability';
import { createDesktopCapability, type DesktopPorts } from './desktop/desktop-capability';
import { createQuickAskCapability, type QuickAskPort } from './desktop/quick-ask-capability';
import type { ShortcutPort } from './desktop/shortcut-port';
import { createShortcutsCapability } from './desktop/shortcuts-capability';
import { createDiagnostics } from './diagnostics/diagnostics';
import { createDiagnosticsCapability } from './diagnostics/diagnostics-capability';
import type { HostFacts } from './diagnostics/diagnostics-ports';
import { watchLiveAttempts } from './diagnostics/live-attempts';
import { createDigestCapability } from './digest/digest-capability';
import { createDigestStore } from './digest/digest-store';
import { createGeminiGateway } from './gemini/gateway';
import { openLiveConnection } from './gemini/live-connection';
import { createRegistry, type Handlers, type Registry } from './ipc/registry';
import type { Sender, SenderPolicy } from './ipc/sender';
import { createKnowledgeService } from './knowledge/knowledge-service';
import { watchFolder, type WatchFolder } from './knowledge/watch-folder';
import type { TextFiles } from './files/text-files';
import type { Logger } from './log/logger';
import { createMeetingsCapability } from './meetings/meetings-capability';
import { GUIDE_MEETINGS_FOLDER } from './meetings/save-meeting-note';
import type { OpenNoteFile } from './oracle/open-note-file';
import { createOracleCapability } from './oracle/oracle-capability';
import { createPolicyCapability } from './policy/policy-capability';
import { NO_POLICY_READING, type PolicyReading } from './policy/policy-reading';
import { createPolicyService } from './policy/policy-service';
import type { PolicySource } from './policy/policy-source';
import { settingsChanges } from './policy/settings-changes';
import { createProfileCapability } from './profile/profile-capability';
import type { ProfileFiles } from './profile/profile-files';
import { createProfileInbox } from './profile/profile-inbox';
import { createAiChannel } from './rate-limit/ai-budgets';
import { createSpeechGrants } from './rate-limit/speech-grants';
import { createSecretaryCapability } from './secretary/secretary-capability';
import { createKeyCheckStore } from './secrets/key-check-store';
import { createKeysCapability } from './secrets/keys-capability';
import type { SecretStore } from './secrets/secret-store';
import type { ManagedSettings } from './settings/policy-locks';
import { createSettingsCapability } from './settings/settings-capability';
import { createSettingsStore } from './settings/settings-store';
import { createSpeechService } from './speech/speech-service';
import type { StartupMarks } from './startup/startup-marks';
import { DIAGNOSTICS_TEXTS } from './texts/diagnostics-texts';
import { systemTimers } from './timers/alarm';
import { sleep } from './timers/sleep';
import type { TranscriptFiles } from './translate/transcript-files';
import { createTranslateCapability } from './translate/translate-capability';
import { createVoiceCapability } from './voice/voice-capability';
import { createZoho } from './zoho/create-zoho';
import { createGrantScopes } from './zoho/grant-scopes';
import { mailHtmlToText } from './zoho/mail-text';
import { createZohoCapability } from './zoho/zoho-capability';
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
  /** Which of the app's windows a trusted sender is the page of: each may call only its channels (`windowChannels`). */
  windowOf: (sender: Sender) => AppWindow | null;
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
    /** Opens at `defaultPath` when given. */
    chooseFolder: (defaultPath?: string) => Promise<string | null>;
    openNote: OpenNoteFile;
    watch?: WatchFolder;
  };
  /**
   * The Assistant: where its prompts' file is saved and read (the system's dialogs in the app), and the member's
   * time zone (the system's unless a test fixes one).
   */
  assistant: { promptFiles: PromptFiles; timeZone?: () => string };
  /**
   * Copy diagnostics (issue 28): the system and build the report names, the folder of main.log, and where a saved
   * report goes (the system's save dialog in the app).
   */
  diagnostics: { host: HostFacts; logDir: string; files: Pick<TextFiles, 'save'> };
  /** Translate: where a meeting's exported captions are saved (the system's save dialog in the app). */
  translate: { transcriptFiles: TranscriptFiles };
  /** The team profile: where an export is saved and an import chosen (the system's dialogs in the app). */
  profile: { profileFiles: ProfileFiles };
  /** Delivers an event main raises on its own to the app's window(s); the core has checked the payload. */
  broadcast: (event: AppBroadcast, payload: unknown) => void;
  /** A settings write changed the language main speaks: what main shows outside the window (the tray) follows. */
  languageChanged?: (lang: Lang) => void;
  /** The machine's policy switched a feature on or off: what runs outside the core (the updater) follows. */
  featuresChanged?: (features: Features) => void;
  /** Voice on the desktop: the signs that the microphone is live (the tray, the on-top indicator). */
  voice?: { microphone?: (live: boolean) => void };
  /**
   * The desktop: its global shortcuts and the quick-ask window. Absent where there is no desktop (the browser
   * harness): the shortcuts are then 'unavailable'.
   */
  desktop?: { shortcuts?: ShortcutPort; quickAsk?: QuickAskPort } & DesktopPorts;
  /**
   * The machine's policy (issue 28, TP3): where it is kept (policy/os-policy-source.ts in the app, a file the harness
   * names) and its first reading, taken before the core starts so that nothing starts on settings it overrides.
   * Absent: no policy.
   */
  policy?: { source: PolicySource; initial: PolicyReading };
  /**
   * Crash reports (issue 29, RD3): the crash reporter's database of minidumps (platform/crash-reporter.ts), and the
   * app's processes that died this session. Absent where there is no crash reporter (the harness): none to list.
   */
  crashReports?: { folder: string; gone: () => readonly GoneProcess[] };
  /**
   * The start's figures (RD4): the page's first paint is marked through `app:painted`, and the diagnostics report
   * them. Absent where nothing is started (the browser harness): the report says so.
   */
  startup?: StartupMarks;
}

export interface Core {
  readonly registry: Registry<AppContract>;
  /** The staff session; the harness hands it its cfToken. */
  readonly auth: AuthSession;
  /** The member's language: Settings, else the system's. */
  lang(): Lang;
  /** What the machine's policy leaves on (the updater asks before each check). */
  features(): Features;
  /** Asks the app's window to start or stop push-to-talk or live captions (the tray's menu, a global shortcut). */
  command(command: DesktopCommand): void;
  /** The member closed the window and the app stays in the tray (said once). */
  closedToTray(): void;
  /** Help > Copy diagnostics, and the tray's entry: as `diagnostics:copy`, then a notice that it was copied. */
  copyDiagnostics(): Promise<void>;
  /** A team profile file given with `--profile FILE`: read, and offered to the window (or its refusal kept). */
  offerProfile(file: string): Promise<void>;
  close(): void;
}

/**
 * Every capability of the app, each made by its own folder's factory from the services below. A new capability is
 * one line here; the compiler checks that the services satisfy its factory and that every channel of the contract
 * is served by exactly one capability.
 */
const CAPABILITIES = [
  createAppCapability,
  createSettingsCapability,
  createPolicyCapability,
  createKeysCapability,
  createAuthCapability,
  createZohoCapability,
  createDigestCapability,
  createOracleCapability,
  createSecretaryCapability,
  createAssistantCapability,
  createVoiceCapability,
  createTranslateCapability,
  createMeetingsCapability,
  createShortcutsCapability,
  createQuickAskCapability,
  createDesktopCapability,
  createDiagnosticsCapability,
  createProfileCapability,
  createCrashReportsCapability,
] as const;

/** The channels the listed capabilities serve, from their factories' return types. */
type ServedBy<F> = F extends (services: never) => Capability<infer K> ? K : never;
/** Fails to compile, naming the channel, while a channel of the contract has no capability to serve it. */
type EveryChannelServed<Missing extends never> = Missing;
export type ServedChannels = EveryChannelServed<Exclude<HandledChannel, ServedBy<(typeof CAPABILITIES)[number]>>>;

/** One handler table from every capability's; two capabilities serving one channel is a wiring bug. */
function handlersOf(capabilities: readonly Capability[]): Handlers<AppContract> {
  const handlers: Record<string, unknown> = {};
  for (const capability of capabilities) {
    for (const [channel, handler] of Object.entries(capability.handlers)) {
      if (channel in handlers) throw new Error(`two capabilities serve ${channel}`);
      handlers[channel] = handler;
    }
  }
  // Complete: ServedChannels proves that the list serves every channel of the contract.
  return handlers as Handlers<AppContract>;
}

export function createCore(deps: CoreDeps): Core {
  const { log } = deps;
  const now = deps.now ?? (() => Date.now());
  const stored = createSettingsStore(deps.db);
  const langOf = (chosen: Lang | null): Lang => chosen ?? matchLang(deps.systemLanguages ?? []);
  const lang = () => langOf(stored.get().language);

  const broadcast: Broadcast = (event, payload) => {
    const checked = broadcasts[event].safeParse(payload);
    // A payload that breaks the contract is our bug: logged, and the window is not sent what it cannot read.
    if (!checked.success) return log.error('broadcast refused: payload breaks the contract', { event, error: checked.error });
    deps.broadcast(event, checked.data);
  };

  // Filled below, once every capability exists: events raised earlier (none are, before start) reach nobody.
  const capabilities: Capability[] = [];
  const tell = <E extends keyof AppEvents>(event: E, ...args: Parameters<AppEvents[E]>) => {
    for (const capability of capabilities) (capability[event] as ((...a: Parameters<AppEvents[E]>) => void) | undefined)?.(...args);
  };
  const events: AppEvents = {
    settingsChanged: (patch) => tell('settingsChanged', patch),
    featuresChanged: (features) => tell('featuresChanged', features),
    secretChanged: (name) => tell('secretChanged', name),
    sessionChanged: (status) => tell('sessionChanged', status),
    signInChanged: () => tell('signInChanged'),
    mailboxConnected: () => tell('mailboxConnected'),
    digestChanged: () => tell('digestChanged'),
    captionsChanged: (running) => tell('captionsChanged', running),
    closedToTray: () => tell('closedToTray'),
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
  const policy = createPolicyService({
    source: deps.policy?.source ?? null,
    initial: deps.policy?.initial ?? NO_POLICY_READING,
    log,
  });
  // Every settings read and write goes through here: every window and every capability sees the settings in effect
  // (the policy's values over the member's, TP3), and learns at once what changed.
  const settings: ManagedSettings = {
    get: () => applyPolicy(stored.get(), policy.policy()),
    locked: () => lockedFields(policy.policy()),
    update(patch) {
      const before = lang();
      stored.update(patch);
      const next = settings.get();
      broadcast('settings:changed', next);
      events.settingsChanged(patch);
      const spoken = langOf(next.language);
      if (spoken !== before) deps.languageChanged?.(spoken);
      return next;
    },
  };
  const readGeminiKey = () => deps.secrets.get('gemini.apiKey');
  const hasGeminiKey = async () => {
    const key = await readGeminiKey();
    return key.ok && key.value !== null;
  };
  const gateway = createGeminiGateway({ readKey: readGeminiKey, baseUrl: deps.gemini.baseUrl, log });
  // The Live API's endpoint derives from the same base URL: one setting points both at a proxy or a double. What
  // each session met is noted for the diagnostics.
  const live = watchLiveAttempts(
    (setup, onEvent, signal) => openLiveConnection({ readKey: readGeminiKey, baseUrl: deps.gemini.baseUrl, log }, setup, onEvent, signal),
    now,
  );
  const { openLive } = live;
  const zoho = createZoho({
    secrets: deps.secrets,
    settings,
    grantScopes: createGrantScopes(deps.db),
    log,
    fetch: (url, init) => fetch(url, init),
    openExternal: deps.openExternal,
    now,
    sleep,
    htmlToText: mailHtmlToText,
    ...(deps.zoho ? { overrides: deps.zoho } : {}),
  });

  // The Oracle runs it; meeting notes are saved into it, beside the guide (in the data folder) while it is the base.
  const knowledge = createKnowledgeService({
    db: deps.db,
    gateway,
    settings: settings.get,
    defaultFolder: deps.knowledge.defaultFolder,
    besideGuide: { prefix: GUIDE_MEETINGS_FOLDER, folder: join(deps.appInfo.dataPath, GUIDE_MEETINGS_FOLDER) },
    hasGeminiKey,
    watch: deps.knowledge.watch ?? watchFolder,
    publish: (status) => broadcast('oracle:changed', status),
    now,
    log,
  });

  const crashReports = createCrashReports({
    folder: deps.crashReports?.folder ?? null,
    db: deps.db,
    settings: settings.get,
    appInfo: deps.appInfo,
    fetch: (url, init) => fetch(url, init),
    sleep,
    now,
    log,
  });

  const diagnostics = createDiagnostics({
    ports: {
      runtime: { ...deps.diagnostics.host, ...deps.appInfo, logDir: deps.diagnostics.logDir },
      settings: settings.get,
      secrets: deps.secrets,
      keyCheck: createKeyCheckStore(deps.db).get,
      policy,
      signIn: () => session.status(),
      mailbox: (signal) => zoho.connection.status(signal),
      knowledge: () => knowledge.status(),
      live,
      crashes: { recent: crashReports.recent, gone: deps.crashReports?.gone ?? (() => []) },
      lastStart: () => deps.startup?.figures() ?? null,
      now,
    },
    copyText: deps.copyText,
    files: deps.diagnostics.files,
    texts: () => DIAGNOSTICS_TEXTS[lang()],
  });

  const profileInbox = createProfileInbox();
  // What the core offers every capability: each factory takes the part it names, by name and type.
  const services = {
    db: deps.db,
    secrets: deps.secrets,
    log,
    now,
    lang,
    settings,
    session,
    gateway,
    openLive,
    timers: systemTimers,
    policy,
    zoho,
    events,
    broadcast,
    notify: deps.auth.notify,
    appInfo: deps.appInfo,
    platform: deps.appInfo.platform,
    openExternal: deps.openExternal,
    copyText: deps.copyText,
    hasGeminiKey,
    digests: createDigestStore(deps.db),
    // G9: one limiter for the whole AI channel, and the voice questions whose spoken answers it already counted.
    limiter: createAiChannel({ now }),
    speechGrants: createSpeechGrants({ now }),
    speech: createSpeechService({ gateway, settings: settings.get, now, log }),
    knowledge,
    chooseFolder: deps.knowledge.chooseFolder,
    openNote: deps.knowledge.openNote,
    mailDrafts: zoho.drafts,
    // The Assistant's prompt layers: the Assistant asks with them, a team profile sets them.
    prompts: createAssistantPromptsStore({ db: deps.db, now }),
    promptFiles: deps.assistant.promptFiles,
    timeZone: deps.assistant.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    transcriptFiles: deps.translate.transcriptFiles,
    profileFiles: deps.profile.profileFiles,
    profileInbox,
    lockedFields: settings.locked,
    microphone: deps.voice?.microphone,
    shortcuts: deps.desktop?.shortcuts,
    quickAsk: deps.desktop?.quickAsk,
    loginItem: deps.desktop?.loginItem,
    tray: deps.desktop?.tray,
    showWindow: deps.desktop?.showWindow,
    diagnostics,
    crashReports,
    startup: deps.startup,
  };
  capabilities.push(...CAPABILITIES.map((create) => create(services)));

  const registry = createRegistry({
    contract,
    log,
    isTrustedSender: deps.isTrustedSender,
    windowChannels,
    windowOf: deps.windowOf,
    currentMember: session.currentMember,
    onUnauthenticated: session.protectedCallRefused,
    handlers: handlersOf(capabilities),
    now,
  });
  for (const capability of capabilities) capability.start?.();
  // After the policy capability's own subscription, so the window hears policy:changed before the settings it makes.
  let applied = policy.policy();
  policy.subscribe(() => {
    const before = applyPolicy(stored.get(), applied);
    applied = policy.policy();
    const after = settings.get();
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    broadcast('settings:changed', after);
    const patch = settingsChanges(before, after);
    if (Object.keys(patch).length > 0) events.settingsChanged(patch);
    if (FEATURES.some((feature) => before.features[feature] !== after.features[feature])) {
      events.featuresChanged(after.features);
      deps.featuresChanged?.(after.features);
    }
  });
  return {
    registry,
    auth: session,
    lang,
    features: () => settings.get().features,
    command: (command) => broadcast('desktop:command', { command }),
    closedToTray: events.closedToTray,
    async copyDiagnostics() {
      const copied = await diagnostics.copy().catch((error: unknown) => ({ ok: false as const, error }));
      if (copied.ok) deps.auth.notify(DIAGNOSTICS_TEXTS[lang()].copied);
      else log.error('diagnostics could not be copied', { error: copied.error });
    },
    offerProfile: profileInbox.give,
    close() {
      for (const capability of capabilities) capability.close?.();
      deps.db.close();
    },
  };
}
