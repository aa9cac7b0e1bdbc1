/// <reference types="electron-vite/node" />
import { app, clipboard, dialog, shell, type BrowserWindow } from 'electron';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desktopCommandSchema } from '../../shared/desktop';
import { matchLang, type Lang } from '../../shared/lang';
import { APP_TITLE } from '../../shared/product';
import { allowOrigins, paneUrl, rendererSource } from './app/app-origin';
import { promptFilesOn } from './assistant/prompt-files';
import { createCore, type Core } from './core';
import { profileArgument } from './profile/profile-argument';
import { profileFilesOn } from './profile/profile-files';
import type { TrayState } from './desktop/tray-view';
import { createWindowPlacementStore } from './desktop/window-placement-store';
import { GEMINI_API_URL } from './gemini/gemini-api-url';
import { registerElectronTransport } from './ipc/electron-transport';
import { createConsoleSink, createFileSink } from './log/file-sink';
import { createLogger, createRedactor } from './log/logger';
import { setAppMenu } from './platform/app-menu';
import { startCrashReporter } from './platform/crash-reporter';
import { handleAppProtocol, registerAppScheme } from './platform/app-protocol';
import { openDatabaseWithRecovery } from './platform/database-recovery';
import { hasLoopbackAudio } from './platform/display-media';
import { createFolderPicker } from './platform/folder-picker';
import { createGlobalShortcuts } from './platform/global-shortcut';
import { createLoginItem, openedAtLogin } from './platform/login-item';
import { signInSession } from './platform/login-partition';
import { createLoginPort } from './platform/login-window';
import { createMainWindow } from './platform/main-window';
import { createMemberGesture } from './platform/member-gesture';
import { createMicrophoneIndicator } from './platform/microphone-indicator';
import { createMicrophoneLive } from './platform/microphone-live';
import { useDataFolderSwitch } from './platform/data-folder';
import { createNoteOpener } from './platform/note-opener';
import { createNotify } from './platform/notifications';
import { sinceProcessStart } from './platform/process-clock';
import { createQuickAskWindow, type QuickAskWindow } from './platform/quick-ask-window';
import { claimSingleInstance } from './platform/single-instance';
import { createTextFileDialogs } from './platform/text-file-dialogs';
import { createSmokeProbe, exposeSmokeProbe } from './platform/smoke-probe';
import { forgetSecrets, smokeRunOf } from './platform/smoke-run';
import { createTray, type AppTray } from './platform/tray';
import { trayIcons } from './platform/tray-menu';
import { planUpdates, startUpdates, type Updates } from './platform/updater';
import { osPolicySource } from './policy/os-policy-source';
import { installWebGuards } from './platform/web-guards';
import { revealWindow, toggleWindow } from './platform/window-visibility';
import { KEYCHAIN_SERVICE } from './secrets/keychain-service';
import { createKeytarSecretStore, loadKeytar } from './secrets/keytar-secret-store';
import { createStartupMarks } from './startup/startup-marks';
import { checkIntegrityInBackground } from './store/background-integrity-check';
import startIntegrityWorker from './store/integrity-check-worker?nodeWorker';
import { openDatabase } from './store/open-database';
import { quarantineDatabase } from './store/quarantine-database';
import { APP_TEXTS } from './texts/app-texts';
import { ASSISTANT_TEXTS } from './texts/assistant-texts';
import { KNOWLEDGE_TEXTS } from './texts/knowledge-texts';
import { PROFILE_TEXTS } from './texts/profile-texts';
import { TRANSLATE_TEXTS } from './texts/translate-texts';
import { systemTimers } from './timers/alarm';
import { transcriptFilesOn } from './translate/transcript-files';

const DATABASE_FILE = 'staff-desk.sqlite3';

// Built layout (electron-vite): out/main/index.js beside out/preload/index.cjs and out/renderer/.
const PRELOAD_FILE = path.join(__dirname, '../preload/index.cjs');
const RENDERER_DIR = path.join(__dirname, '../renderer');

/** App lifecycle only: everything the app does lives in createCore and the platform adapters. */
function main(): void {
  let window: BrowserWindow | null = null;
  let quickAsk: QuickAskWindow | null = null;
  let tray: AppTray | null = null;
  let core: Core | null = null;
  let updater: Updates | null = null;
  let disposeTransport: (() => void) | null = null;
  let quitting = false;
  // The member's choice lives in the database: until the core has opened it, the system's language.
  const lang = (): Lang => core?.lang() ?? matchLang(app.getPreferredSystemLanguages());

  const reveal = () => {
    if (window) revealWindow(window);
  };
  // A second start with `--profile FILE` hands its profile to this one, whose window shows its preview.
  const secondLaunch = (argv: string[], workingDirectory: string) => {
    reveal();
    const given = profileArgument(argv, workingDirectory);
    if (given) void core?.offerProfile(given);
  };
  useDataFolderSwitch();
  if (!claimSingleInstance(secondLaunch)) return;
  // Before ready, so that every process the app makes is watched; minidumps stay here until sending is on (RD3).
  const crashReporting = startCrashReporter();
  registerAppScheme();
  const source = rendererSource({ devServerUrl: process.env.ELECTRON_RENDERER_URL, isPackaged: app.isPackaged });
  const menuEnv = { platform: process.platform, isPackaged: app.isPackaged, copyDiagnostics: () => void core?.copyDiagnostics() };

  app.on('before-quit', () => {
    quitting = true;
  });
  // After every window has closed, so no IPC call is still using the database when it closes.
  app.on('will-quit', () => {
    // Windows leaves a ghost icon in the notification area when the process ends with its tray icon alive.
    tray?.destroy();
    disposeTransport?.();
    core?.close();
    core = null;
  });
  // Closing the window only hides it; this fires while quitting, and on macOS the app stays in the menu bar.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', reveal);

  async function start(): Promise<void> {
    const redactor = createRedactor();
    const logDir = app.getPath('logs');
    const log = createLogger([createFileSink({ dir: logDir }), createConsoleSink(console)], redactor);
    log.info('starting', { version: app.getVersion(), platform: process.platform, rendererUrl: source.url });
    // Null but for the real-Electron smoke suite's runs, which talk to its protocol doubles and keep no secret of
    // the member's.
    const smoke = smokeRunOf({ isPackaged: app.isPackaged, vars: process.env });
    const gesture = createMemberGesture();
    installWebGuards({
      origins: source.origins,
      signInSession: signInSession(),
      mayRecord: (contents) => window !== null && !window.isDestroyed() && contents === window.webContents,
      loopbackAudio: hasLoopbackAudio(process.platform, os.release()),
      gesture,
      log,
    });

    const databaseFile = path.join(app.getPath('userData'), DATABASE_FILE);
    const db = await openDatabaseWithRecovery({
      open: () => openDatabase(databaseFile),
      quarantine: (file) => quarantineDatabase(file, new Date()),
      ask: async (prompt) => {
        const { response } = await dialog.showMessageBox({
          type: 'error',
          title: APP_TITLE,
          message: prompt.message,
          detail: prompt.detail,
          buttons: prompt.buttons,
          defaultId: 0,
          cancelId: prompt.buttons.length - 1,
          noLink: true,
        });
        return response;
      },
      lang: lang(),
      log,
    });
    if (!db) {
      app.quit();
      return;
    }
    const notify = createNotify({ reveal, log });
    let trayNews: Partial<TrayState> = {};
    /** The app's window on a pane: the tray's Settings and latest pass, the quick-ask window's Open Settings. */
    const openPane = (pane: 'settings' | 'secretary') => {
      if (!window) return;
      revealWindow(window);
      window.webContents.loadURL(paneUrl(source.url, pane)).catch((error: unknown) => {
        log.warn('could not open a pane', { pane, error });
      });
    };
    const openSettings = () => openPane('settings');
    const textFiles = createTextFileDialogs({ window: () => window });
    // A voice question from anywhere: the shortcut starts and stops it, the tray and an on-top notice show the
    // microphone is live, and the window stays where it is.
    const shortcuts = createGlobalShortcuts();
    const microphone = createMicrophoneLive({
      tray: () => tray,
      indicator: createMicrophoneIndicator({ appUrl: source.url, isPackaged: app.isPackaged, log }),
      windowFocused: () => window !== null && !window.isDestroyed() && window.isVisible() && window.isFocused(),
      lang,
      shortcut: () => shortcuts.current('pushToTalk'),
      platform: process.platform,
    });
    // Decided once: Settings → About says it, and the updater (started with the tray, below) follows it.
    const updates = planUpdates({ isPackaged: app.isPackaged, platform: process.platform, resourcesPath: process.resourcesPath });

    // Read before the core starts, so no capability starts on settings the machine's policy overrides.
    const policySource = osPolicySource(process.platform, log);
    const policy = { source: policySource, initial: await policySource.read() };
    // Read before the window opens: the page asks for it (profile:pending) as it starts.
    const givenProfile = profileArgument(process.argv, process.cwd());
    // A profile to look at is a reason to show the window, even at login.
    const startHidden = openedAtLogin(process.argv, process.platform) && givenProfile === null;
    const secrets = createKeytarSecretStore({
      keytar: loadKeytar,
      service: smoke?.keychainService ?? KEYCHAIN_SERVICE,
      redactor,
      platform: process.platform,
    });
    // Each smoke run starts as a new member's would, whatever an earlier run left behind.
    if (smoke) await forgetSecrets(secrets);
    const startup = createStartupMarks({ now: sinceProcessStart(), startedHidden: startHidden, timers: systemTimers, log });

    core = createCore({
      db,
      policy,
      secrets,
      log,
      appInfo: {
        version: app.getVersion(),
        dataPath: app.getPath('userData'),
        platform: process.platform,
        updates: updates.mode,
      },
      openExternal: (url) => shell.openExternal(url),
      copyText: (text) => clipboard.writeText(text),
      isTrustedSender: allowOrigins(source.origins),
      // The indicator and the sign-in windows have no preload: every page but these two is refused every channel.
      windowOf: (sender) => {
        if (window && !window.isDestroyed() && sender.isMainFrame && sender.id === String(window.webContents.id)) return 'main';
        return quickAsk?.isQuickAsk(sender) ? 'quickAsk' : null;
      },
      gemini: { baseUrl: smoke?.upstreams.gemini?.baseUrl ?? GEMINI_API_URL },
      ...(smoke?.upstreams.zoho ? { zoho: smoke.upstreams.zoho } : {}),
      systemLanguages: app.getPreferredSystemLanguages(),
      auth: {
        login: createLoginPort({ lang, isPackaged: app.isPackaged, log }),
        notify,
        ...(smoke?.upstreams.access ? { accessOverride: smoke.upstreams.access } : {}),
      },
      knowledge: {
        // The user guide ships beside the app (electron-builder extraResources), and sits in resources/ in development.
        defaultFolder: app.isPackaged
          ? path.join(process.resourcesPath, 'knowledge-base')
          : path.join(app.getAppPath(), 'resources', 'knowledge-base'),
        chooseFolder: createFolderPicker({ window: () => window, title: () => KNOWLEDGE_TEXTS[lang()].folderPickerTitle }),
        openNote: createNoteOpener({ log }),
      },
      assistant: { promptFiles: promptFilesOn(textFiles, () => ASSISTANT_TEXTS[lang()]) },
      translate: { transcriptFiles: transcriptFilesOn(textFiles, () => TRANSLATE_TEXTS[lang()]) },
      diagnostics: {
        host: { osRelease: os.release(), arch: process.arch, versions: process.versions, packaged: app.isPackaged },
        logDir,
        files: textFiles,
      },
      profile: { profileFiles: profileFilesOn(textFiles, () => PROFILE_TEXTS[lang()]) },
      crashReports: { folder: crashReporting.folder(), gone: crashReporting.gone },
      voice: { microphone: microphone.set },
      // The quick-ask window opens after the app's protocol is served (below); a press before that does nothing.
      desktop: {
        shortcuts,
        loginItem: createLoginItem({
          platform: process.platform,
          isPackaged: app.isPackaged,
          execPath: process.execPath,
          appImage: process.env.APPIMAGE,
          configHome: process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'),
          log,
        }),
        // The core speaks from its start, before the tray exists: the latest word is kept for it.
        tray: (change) => {
          trayNews = { ...trayNews, ...change };
          tray?.update(change);
        },
        showWindow: reveal,
        quickAsk: {
          toggle: () => quickAsk?.toggle(),
          hide: (open) => {
            quickAsk?.hide();
            if (open === 'settings') openSettings();
            else if (open === 'app') reveal();
          },
        },
      },
      // The app's own windows hear main's news (the quick-ask page too, kept loaded while hidden); a sign-in window
      // has no preload to hear it with.
      broadcast: (event, payload) => {
        // The tray's or a shortcut's Start of captions is the member's act, made outside the page: it stands in
        // for the click the computer's audio otherwise needs (display-media.ts).
        if (event === 'desktop:command' && desktopCommandSchema.safeParse(payload).data?.command === 'liveCaptions') gesture.acted();
        if (window && !window.isDestroyed()) window.webContents.send(event, payload);
        quickAsk?.send(event, payload);
      },
      featuresChanged: (features) => updater?.allow(features.updates),
      languageChanged: (next) => {
        setAppMenu(menuEnv, next);
        tray?.update({ lang: next });
      },
      startup,
    });
    disposeTransport = registerElectronTransport(core.registry);
    if (givenProfile) void core.offerProfile(givenProfile);
    handleAppProtocol({ root: RENDERER_DIR, readFile });

    // Before the window, so it never shows Electron's default menu (Reload, DevTools) on Windows and Linux.
    setAppMenu(menuEnv, lang());
    const shown = createMainWindow({
      preload: PRELOAD_FILE,
      url: source.url,
      isPackaged: app.isPackaged,
      isQuitting: () => quitting,
      placements: createWindowPlacementStore(db),
      startHidden,
      closedToTray: () => core?.closedToTray(),
      shown: startup.windowShown,
      log,
    });
    window = shown;
    shown.on('focus', microphone.refresh);
    shown.on('blur', microphone.refresh);
    // A page that reloads or crashes mid-recording never says its microphone stopped: its recorder went with it.
    shown.webContents.on('did-navigate', () => microphone.set(false));
    shown.webContents.on('render-process-gone', () => {
      microphone.set(false);
      // Nor do its live captions (a reload says so itself, from the new page).
      tray?.update({ captionsRunning: false });
    });
    // Opened hidden now, painted and kept: the quick-ask shortcut then only shows it.
    quickAsk = createQuickAskWindow({
      preload: PRELOAD_FILE,
      appUrl: source.url,
      isPackaged: app.isPackaged,
      isQuitting: () => quitting,
      timeToVisible: startup.quickAsk,
      log,
    });
    tray = createTray({
      icons: trayIcons({
        platform: process.platform,
        isPackaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        appPath: app.getAppPath(),
      }),
      lang: lang(),
      platform: process.platform,
      toggle: () => toggleWindow(shown),
      actions: {
        open: reveal,
        ask: () => quickAsk?.show(),
        pushToTalk: () => core?.command('pushToTalk'),
        liveCaptions: () => core?.command('liveCaptions'),
        pass: () => openPane('secretary'),
        settings: openSettings,
        copyDiagnostics: () => void core?.copyDiagnostics(),
        quit: () => app.quit(),
      },
    });
    tray.update(trayNews);
    startup.trayReady();
    exposeSmokeProbe(smoke, () =>
      createSmokeProbe({
        trayMenu: () => tray?.menu() ?? null,
        keychain: secrets,
        startup: startup.figures,
      }),
    );
    updater = startUpdates(updates, log, core.features().updates);
    // The whole-file check the open left out, on a worker thread: the window is already up and stays responsive.
    void checkIntegrityInBackground({
      file: databaseFile,
      startWorker: (workerData) => startIntegrityWorker({ workerData }),
      notify,
      lang,
      log,
    });
  }

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // A bug at start: say so plainly rather than leave an invisible process behind in the tray.
      dialog.showErrorBox(APP_TEXTS[lang()].couldNotStart, error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

main();
