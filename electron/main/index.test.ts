import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppWindow } from '../../shared/ipc/define';
import type { Lang } from '../../shared/lang';
import type { LoginPort, Notify } from './auth/login-port';
import type { Sender } from './ipc/sender';
import type { QuickAskPort } from './desktop/quick-ask-capability';
import type { ShortcutPort } from './desktop/shortcut-port';
import type { DesktopPorts } from './desktop/desktop-capability';
import type { StartupMarks } from './startup/startup-marks';

const fakes = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const events: string[] = [];
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    readonly webContents = Object.assign(new EventEmitter(), { loadURL: vi.fn(async () => {}), send: vi.fn() });
    readonly loadURL = vi.fn(async (_url: string) => {});
    readonly show = vi.fn();
    readonly hide = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    destroyed = false;
    readonly isDestroyed = () => this.destroyed;
    visible = true;
    focused = true;
    readonly isVisible = () => this.visible;
    readonly isFocused = () => this.focused;
    readonly isMinimized = () => false;
    readonly isMaximized = () => false;
    readonly maximize = vi.fn();
    readonly getNormalBounds = () => ({ x: 0, y: 0, width: 1100, height: 760 });
    // The on-top microphone indicator's side of a window.
    readonly showInactive = vi.fn();
    readonly setAlwaysOnTop = vi.fn();
    readonly setVisibleOnAllWorkspaces = vi.fn();
    readonly setIgnoreMouseEvents = vi.fn();
    readonly setBounds = vi.fn();
    constructor(readonly options: { focusable?: boolean; webPreferences?: { preload?: string; devTools?: boolean } }) {
      super();
      events.push(`window (guards: ${app.listenerCount('web-contents-created')})`);
      FakeBrowserWindow.created.push(this);
    }
  }
  class FakeTray extends EventEmitter {
    static created: FakeTray[] = [];
    readonly setToolTip = vi.fn();
    readonly setImage = vi.fn();
    readonly setContextMenu = vi.fn();
    readonly destroy = vi.fn();
    constructor() {
      super();
      FakeTray.created.push(this);
    }
  }
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    commandLine: { getSwitchValue: vi.fn((_name: string) => '') },
    setPath: vi.fn(),
    setAppLogsPath: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
    whenReady: vi.fn(async () => {
      events.push('ready');
    }),
    getPath: vi.fn((name: string) => `/tmp/staff-desk-test/${name}`),
    getVersion: () => '1.2.3',
    getPreferredSystemLanguages: () => ['es-ES', 'en-US'],
    getAppPath: () => '/src/staff-desk',
    getLoginItemSettings: vi.fn(() => ({ openAtLogin: false, wasOpenedAtLogin: false })),
    setLoginItemSettings: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
  });
  class FakeNotification extends EventEmitter {
    static created: FakeNotification[] = [];
    static isSupported = () => true;
    readonly show = vi.fn();
    constructor() {
      super();
      FakeNotification.created.push(this);
    }
  }
  const signInSession = Object.assign(new EventEmitter(), {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    clearStorageData: vi.fn(async () => {}),
    clearAuthCache: vi.fn(async () => {}),
    clearCache: vi.fn(async () => {}),
  });
  const electron = {
    app,
    session: { fromPartition: vi.fn((_partition: string) => signInSession) },
    Notification: FakeNotification,
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Menu: {
      buildFromTemplate: vi.fn((template: unknown) => template),
      setApplicationMenu: vi.fn((_menu: unknown) => events.push('menu')),
    },
    nativeImage: { createFromPath: vi.fn((file: string) => file) },
    nativeTheme: { shouldUseDarkColors: false },
    dialog: {
      showMessageBox: vi.fn(async (_options: unknown) => ({ response: 0 })),
      showErrorBox: vi.fn(),
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] })),
    },
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    shell: { openExternal: vi.fn(async () => {}) },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => events.push('scheme')),
      handle: vi.fn(),
    },
    crashReporter: { start: vi.fn() },
    globalShortcut: { register: vi.fn((_accelerator: string, _onPress: () => void) => true), unregisterAll: vi.fn() },
    screen: {
      getCursorScreenPoint: () => ({ x: 10, y: 10 }),
      getDisplayNearestPoint: () => ({ workArea: { x: 0, y: 0, width: 1000, height: 700 } }),
      getAllDisplays: () => [],
      getDisplayMatching: () => ({ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }),
    },
  };
  const core = {
    registry: { channels: ['app:info', 'settings:get'], call: vi.fn(), releaseSender: vi.fn() },
    lang: vi.fn((): Lang => 'en'),
    command: vi.fn(),
    closedToTray: vi.fn(),
    offerProfile: vi.fn(async (_file: string) => {}),
    // No machine policy here: every feature on.
    features: vi.fn(() => ({ liveModes: true, mailTools: true, spokenAnswers: true, updates: true })),
    close: vi.fn(),
  };
  const store = {
    openDatabase: vi.fn((_file: string) => ({ ok: true as const, db: { name: 'db' } }) as unknown),
    quarantineDatabase: vi.fn((file: string) => `${file}.corrupt`),
    checkIntegrityInBackground: vi.fn(async (_deps: unknown) => 'ok'),
    startIntegrityWorker: vi.fn((options: unknown) => ({ worker: options })),
  };
  return { electron, events, core, store, signInSession, createCore: vi.fn((_deps: unknown): unknown => core) };
});

/** The keychain stores the entry opens, by their service name: the real keytar is never loaded here. */
const keychains = vi.hoisted(() => ({ opened: [] as Array<{ service: string; deleted: string[] }> }));
vi.mock('./secrets/keytar-secret-store', () => ({
  loadKeytar: () => {
    throw new Error('keytar is not loaded by these tests');
  },
  createKeytarSecretStore: ({ service }: { service: string }) => {
    const deleted: string[] = [];
    const done = async () => ({ ok: true as const, value: undefined });
    keychains.opened.push({ service, deleted });
    return {
      get: async () => ({ ok: true as const, value: null }),
      set: done,
      delete: async (name: string) => {
        deleted.push(name);
        return done();
      },
      status: async () => ({ ok: true as const, value: {} }),
    };
  },
}));
vi.mock('electron', () => fakes.electron);
vi.mock('./core', () => ({ createCore: fakes.createCore }));
vi.mock('./store/open-database', () => ({ openDatabase: fakes.store.openDatabase }));
vi.mock('./store/quarantine-database', () => ({ quarantineDatabase: fakes.store.quarantineDatabase }));
vi.mock('./store/background-integrity-check', () => ({
  checkIntegrityInBackground: fakes.store.checkIntegrityInBackground,
}));
vi.mock('./store/integrity-check-worker?nodeWorker', () => ({ default: fakes.store.startIntegrityWorker }));
vi.mock('./desktop/window-placement-store', () => ({ createWindowPlacementStore: () => ({ all: () => [], save: () => {} }) }));

const { app, BrowserWindow, Menu, Notification, Tray, crashReporter, dialog, globalShortcut, ipcMain, nativeImage, protocol, session } =
  fakes.electron;
let logs: string;

async function launch(env: { devServerUrl?: string; isPackaged?: boolean } = {}) {
  vi.resetModules();
  app.isPackaged = env.isPackaged ?? true;
  if (env.devServerUrl) vi.stubEnv('ELECTRON_RENDERER_URL', env.devServerUrl);
  await import('./index');
}

function coreDeps() {
  return fakes.createCore.mock.calls[0]![0] as {
    isTrustedSender(sender: Sender): boolean;
    windowOf(sender: Sender): AppWindow | null;
    appInfo: object;
    auth: { login: LoginPort; notify: Notify; accessOverride?: object };
    gemini: { baseUrl: string };
    zoho?: object;
    knowledge: { chooseFolder(): Promise<string | null> };
    broadcast(event: string, payload: unknown): void;
    languageChanged(lang: Lang): void;
    voice: { microphone(live: boolean): void };
    desktop: { shortcuts: ShortcutPort; quickAsk: QuickAskPort } & DesktopPorts;
    crashReports: { folder: string; gone(): unknown[] };
    startup: StartupMarks;
  };
}

/** main.log's lines with this message, as the JSON objects they are. */
function logged(message: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(path.join(logs, 'main.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.message === message);
}

type Template = Array<{ label?: string; type?: string; submenu?: Template }>;

/** The labels of the menu the tray shows now. */
function trayLabels() {
  const template = Tray.created[0]!.setContextMenu.mock.calls.at(-1)![0] as Template;
  return template.filter((item) => item.type !== 'separator').map((item) => item.label);
}

/** The menu bar the app set last: null when it has none. */
const menuBar = () => Menu.setApplicationMenu.mock.calls.at(-1)![0] as Template | null;

/** Runs the test body as if on another OS: index.ts reads process.platform when it builds the menu bar. */
async function onPlatform(platform: NodeJS.Platform, body: () => Promise<void>) {
  const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { ...real, value: platform });
  try {
    await body();
  } finally {
    Object.defineProperty(process, 'platform', real);
  }
}

const sender = (url: string): Sender => ({ id: '1', url, isMainFrame: true, send: () => {} });

// Electron sets process.resourcesPath and adds process.getCreationTime; plain Node has neither.
beforeAll(() => Object.assign(process, { resourcesPath: '/opt/staff-desk/resources', getCreationTime: () => null }));
afterAll(() => {
  Reflect.deleteProperty(process, 'resourcesPath');
  Reflect.deleteProperty(process, 'getCreationTime');
});

beforeEach(() => {
  logs = fs.mkdtempSync(path.join(os.tmpdir(), 'index-logs-'));
  app.getPath.mockImplementation((name: string) => (name === 'logs' ? logs : `/home/me/.config/Staff Desk`));
  app.removeAllListeners();
  fakes.signInSession.removeAllListeners();
  app.requestSingleInstanceLock.mockReturnValue(true);
  app.commandLine.getSwitchValue.mockReturnValue('');
  fakes.events.length = 0;
  keychains.opened.length = 0;
  BrowserWindow.created = [];
  Notification.created = [];
  Tray.created = [];
  vi.clearAllMocks();
  fakes.core.lang.mockReturnValue('en');
  // The console sink would print every log line into the test output.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  fs.rmSync(logs, { recursive: true, force: true });
});

/** The app as the system starts it at login (--hidden), up to its tray icon. */
async function launchAtLogin(): Promise<void> {
  process.argv.push('--hidden');
  try {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
  } finally {
    process.argv.pop();
  }
}

describe('app entry', () => {
  it('a second launch quits before registering or starting anything', async () => {
    app.requestSingleInstanceLock.mockReturnValue(false);
    await launch();
    expect(app.quit).toHaveBeenCalled();
    expect(protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled();
    expect(crashReporter.start).not.toHaveBeenCalled();
    expect(app.whenReady).not.toHaveBeenCalled();
  });

  it('RD1 started with --user-data-dir, keeps everything in that folder, whose own lock a second launch meets', async () => {
    app.commandLine.getSwitchValue.mockImplementation((name) => (name === 'user-data-dir' ? '/tmp/throwaway-desk' : ''));
    app.requestSingleInstanceLock.mockImplementation(() => {
      expect(app.setPath).toHaveBeenCalledWith('userData', '/tmp/throwaway-desk');
      return false;
    });
    await launch();
    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(app.setAppLogsPath).toHaveBeenCalledWith('/tmp/throwaway-desk/logs');
  });

  it('starts: scheme before ready, guards and menu before the windows, the app page in a window, a tray icon', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    // The app's window, then the quick-ask window, kept hidden.
    expect(fakes.events).toEqual(['scheme', 'ready', 'menu', 'window (guards: 1)', 'window (guards: 1)']);
    const window = BrowserWindow.created[0]!;
    expect(window.loadURL).toHaveBeenCalledWith('app://staff-desk/');
    expect(window.options.webPreferences?.preload).toMatch(/preload[/\\]index\.cjs$/);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(nativeImage.createFromPath).toHaveBeenCalledWith(
      expect.stringMatching(/^[/\\]opt[/\\]staff-desk[/\\]resources[/\\]tray-icon(Template)?\.png$/),
    );
    expect(ipcMain.handle.mock.calls.map(([channel]) => channel)).toEqual(['app:info', 'settings:get']);
    const userData = '/home/me/.config/Staff Desk';
    expect(fakes.store.openDatabase).toHaveBeenCalledWith(path.join(userData, 'staff-desk.sqlite3'));
    // Packaged without a feed: it does not update itself (and on Linux never would).
    const updates = process.platform === 'linux' ? 'linux' : 'noFeed';
    expect(coreDeps().appInfo).toEqual({ version: '1.2.3', dataPath: userData, platform: process.platform, updates });
    expect(fs.readFileSync(path.join(logs, 'main.log'), 'utf8')).toContain('"message":"starting"');
    // RD3: the crash reporter watches from before ready, uploads nothing itself, and the core reads its folder.
    expect(crashReporter.start).toHaveBeenCalledExactlyOnceWith({ uploadToServer: false });
    expect(crashReporter.start.mock.invocationCallOrder[0]).toBeLessThan(app.whenReady.mock.invocationCallOrder[0]!);
    expect(app.getPath).toHaveBeenCalledWith('crashDumps');
    expect(coreDeps().crashReports).toMatchObject({ folder: userData, gone: expect.any(Function) });
  });

  it('trusts IPC only from the app origin when packaged, whatever the environment says', async () => {
    await launch({ devServerUrl: 'http://localhost:5173', isPackaged: true });
    await vi.waitFor(() => expect(fakes.createCore).toHaveBeenCalled());
    expect(coreDeps().isTrustedSender(sender('app://staff-desk/'))).toBe(true);
    expect(coreDeps().isTrustedSender(sender('http://localhost:5173/'))).toBe(false);
    await vi.waitFor(() => expect(BrowserWindow.created[0]?.loadURL).toHaveBeenCalledWith('app://staff-desk/'));
  });

  it('in development loads the dev server and trusts it', async () => {
    await launch({ devServerUrl: 'http://localhost:5173', isPackaged: false });
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(2));
    expect(BrowserWindow.created[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173');
    expect(BrowserWindow.created[1]!.loadURL).toHaveBeenCalledWith('http://localhost:5173/quick-ask.html');
    expect(coreDeps().isTrustedSender(sender('http://localhost:5173/'))).toBe(true);
  });

  it('quits without a window when the member chooses Quit over a database that cannot open, asked in the system language', async () => {
    fakes.store.openDatabase.mockReturnValueOnce({
      ok: false,
      error: { kind: 'locked', file: '/x/staff-desk.sqlite3', message: 'The file is in use by another program.' },
    });
    await launch();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    // The system prefers es-ES; the member's own choice is in the file that would not open.
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Staff Desk no puede abrir sus datos.',
        detail: expect.stringContaining('Otro programa está usando el archivo de base de datos de la aplicación: /x/staff-desk.sqlite3.'),
        buttons: ['Salir'],
      }),
    );
    expect(BrowserWindow.created).toHaveLength(0);
    expect(fakes.createCore).not.toHaveBeenCalled();
  });

  it('closing the window hides it; quitting closes it, the database and the tray icon', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const window = BrowserWindow.created[0]!;
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    expect(fakes.core.closedToTray).toHaveBeenCalledOnce();

    app.emit('before-quit');
    const closeWhileQuitting = { preventDefault: vi.fn() };
    window.emit('close', closeWhileQuitting);
    expect(closeWhileQuitting.preventDefault).not.toHaveBeenCalled();
    app.emit('will-quit');
    expect(globalShortcut.unregisterAll).toHaveBeenCalled();
    expect(fakes.core.close).toHaveBeenCalledOnce();
    expect(Tray.created[0]!.destroy).toHaveBeenCalled();
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(2);
  });

  it('a second launch brings the running window forward', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    app.emit('second-instance', {}, ['staff-desk'], '/home/ana');
    expect(BrowserWindow.created[0]!.show).toHaveBeenCalled();
    expect(BrowserWindow.created[0]!.focus).toHaveBeenCalled();
  });

  it('a second launch with --profile FILE brings the window forward and hands the core the file, found where it was run', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    expect(fakes.core.offerProfile).not.toHaveBeenCalled();
    app.emit('second-instance', {}, ['staff-desk', '--profile', 'team.json'], '/home/ana/Downloads');
    expect(BrowserWindow.created[0]!.show).toHaveBeenCalled();
    expect(fakes.core.offerProfile).toHaveBeenCalledExactlyOnceWith(path.resolve('/home/ana/Downloads', 'team.json'));
  });

  it('gives the core the sign-in windows and guards their partition before any window opens', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    expect(session.fromPartition).toHaveBeenCalledWith('persist:cfaccess');
    expect(session.fromPartition.mock.calls.every(([partition]) => partition === 'persist:cfaccess')).toBe(true);
    expect(fakes.signInSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
    await coreDeps().auth.login.clear();
    expect(fakes.signInSession.clearStorageData).toHaveBeenCalled();
  });

  it("sends the core broadcasts to the app's windows (the quick-ask page too), and to no window once it is gone", async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const [window, quickAsk] = BrowserWindow.created;
    const status = { state: 'signed_out' };
    coreDeps().broadcast('auth:changed', status);
    expect(window!.webContents.send).toHaveBeenCalledWith('auth:changed', status);
    expect(quickAsk!.webContents.send).toHaveBeenCalledWith('auth:changed', status);
    window!.destroyed = true;
    quickAsk!.destroyed = true;
    coreDeps().broadcast('auth:changed', status);
    expect(window!.webContents.send).toHaveBeenCalledOnce();
    expect(quickAsk!.webContents.send).toHaveBeenCalledOnce();
  });

  it('a notice from the core appears on the desktop, and clicking it shows the app window', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    coreDeps().auth.notify({ title: 'Sign in again', body: 'Your company sign-in has ended.' });
    expect(Notification.created).toHaveLength(1);
    expect(BrowserWindow.created[0]!.show).not.toHaveBeenCalled();
    Notification.created[0]!.emit('click');
    expect(BrowserWindow.created[0]!.show).toHaveBeenCalled();
    expect(BrowserWindow.created[0]!.focus).toHaveBeenCalled();
  });

  it('checks the whole database on a worker thread once the window is up, and tells the member of damage', async () => {
    fakes.store.checkIntegrityInBackground.mockImplementationOnce(async () => {
      fakes.events.push('integrity check');
      return 'ok';
    });
    await launch();
    await vi.waitFor(() => expect(fakes.store.checkIntegrityInBackground).toHaveBeenCalledOnce());
    expect(fakes.events).toEqual(['scheme', 'ready', 'menu', 'window (guards: 1)', 'window (guards: 1)', 'integrity check']);
    const deps = fakes.store.checkIntegrityInBackground.mock.calls[0]![0] as {
      file: string;
      startWorker(workerData: { file: string }): unknown;
      notify: Notify;
    };
    expect(deps.file).toBe(path.join('/home/me/.config/Staff Desk', 'staff-desk.sqlite3'));
    expect(deps.startWorker({ file: deps.file })).toEqual({ worker: { workerData: { file: deps.file } } });
    deps.notify({ title: 'Staff Desk found damage in its data file', body: 'Restart to repair it.' });
    expect(Notification.created).toHaveLength(1);
  });
  it("builds the tray menu in the member's language and rebuilds it when Settings change the language", async () => {
    fakes.core.lang.mockReturnValue('es');
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    // Windows and Linux have no menu bar, so Copy diagnostics is in the tray's menu.
    expect(trayLabels()).toEqual(['Abrir Staff Desk', 'Preguntar…', 'Pulsar para hablar', 'Iniciar subtítulos en directo', 'Ajustes', 'Copiar diagnóstico', 'Salir']);

    coreDeps().languageChanged('zh');
    expect(Tray.created[0]!.setContextMenu).toHaveBeenCalledTimes(2);
    expect(trayLabels()).toEqual(['打开 Staff Desk', '提问…', '按键说话', '开始实时字幕', '设置', '复制诊断信息', '退出']);
  });

  it.each(['win32', 'linux'] as const)('%s: a packaged app has no menu bar and its window no DevTools', (platform) =>
    onPlatform(platform, async () => {
      await launch({ isPackaged: true });
      await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
      expect(Menu.setApplicationMenu).toHaveBeenCalledExactlyOnceWith(null);
      expect(BrowserWindow.created[0]!.options.webPreferences?.devTools).toBe(false);
    }),
  );

  it('in development the window can open DevTools', async () => {
    await launch({ isPackaged: false });
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    expect(BrowserWindow.created[0]!.options.webPreferences?.devTools).toBe(true);
  });

  it("on macOS builds the menu bar in the member's language and rebuilds it when Settings change the language", () =>
    onPlatform('darwin', async () => {
      fakes.core.lang.mockReturnValue('es');
      await launch();
      await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
      expect(menuBar()!.map((menu) => menu.label)).toEqual(['Staff Desk', 'Edición', 'Ventana', 'Ayuda']);

      coreDeps().languageChanged('zh');
      expect(menuBar()!.map((menu) => menu.label)).toEqual(['Staff Desk', '编辑', '窗口', '帮助']);
      expect(trayLabels()).toEqual(['打开 Staff Desk', '提问…', '按键说话', '开始实时字幕', '设置', '退出']);
    }),
  );

  it("titles the knowledge folder picker and the damage notice in the member's language of the moment", async () => {
    await launch();
    await vi.waitFor(() => expect(fakes.store.checkIntegrityInBackground).toHaveBeenCalledOnce());
    fakes.core.lang.mockReturnValue('fr');
    await coreDeps().knowledge.chooseFolder();
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(
      BrowserWindow.created[0],
      expect.objectContaining({ title: 'Choisissez le dossier de la base de connaissances' }),
    );
    const check = fakes.store.checkIntegrityInBackground.mock.calls[0]![0] as { lang(): Lang };
    expect(check.lang()).toBe('fr');
  });

  it('gives the core the desktop shortcuts: pressing the one it registered reaches it', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const onPress = vi.fn();
    expect(coreDeps().desktop.shortcuts.register('pushToTalk', 'CommandOrControl+Shift+Space', onPress)).toBe('registered');
    (globalShortcut.register.mock.calls[0]![1] as () => void)();
    expect(onPress).toHaveBeenCalledOnce();
  });

  it('opens the quick-ask window, hidden and painted at start, when its shortcut is pressed; SEC-6: each page is told apart', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const [main, quickAsk] = BrowserWindow.created;
    expect(quickAsk!.options.webPreferences?.preload).toBe(main!.options.webPreferences?.preload);
    expect(quickAsk!.loadURL).toHaveBeenCalledWith('app://staff-desk/quick-ask.html');
    quickAsk!.emit('ready-to-show');
    quickAsk!.visible = false;
    coreDeps().desktop.quickAsk.toggle();
    expect(quickAsk!.show).toHaveBeenCalledOnce();
    expect(quickAsk!.focus).toHaveBeenCalledOnce();

    const page = (id: number, isMainFrame = true): Sender => ({ id: String(id), url: 'app://staff-desk/quick-ask.html', isMainFrame, send: vi.fn() });
    Object.assign(quickAsk!.webContents, { id: 7 });
    Object.assign(main!.webContents, { id: 1 });
    expect(coreDeps().windowOf(page(7))).toBe('quickAsk');
    expect(coreDeps().windowOf(page(1))).toBe('main');
    // A subframe of either, or a page the app did not open (a sign-in window, the indicator), is no window with channels.
    expect(coreDeps().windowOf(page(1, false))).toBeNull();
    expect(coreDeps().windowOf(page(7, false))).toBeNull();
    expect(coreDeps().windowOf(page(99))).toBeNull();
    main!.visible = false;
    coreDeps().desktop.quickAsk.hide('settings');
    expect(quickAsk!.hide).toHaveBeenCalled();
    expect(main!.show).toHaveBeenCalled();
    expect(main!.webContents.loadURL).toHaveBeenCalledWith('app://staff-desk/#/settings');
  });

  it('D4 the tray menu does what it says: quick ask, push-to-talk and captions asked of the page, the pass on the Secretary', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const [main, quickAsk] = BrowserWindow.created;
    const template = () => Tray.created[0]!.setContextMenu.mock.calls.at(-1)![0] as Array<{ label?: string; click?: () => void }>;
    const click = (label: string) => template().find((item) => item.label === label)!.click!();
    quickAsk!.emit('ready-to-show');
    quickAsk!.visible = false;
    click('Ask…');
    expect(quickAsk!.show).toHaveBeenCalled();
    click('Push to talk');
    click('Start live captions');
    expect(fakes.core.command.mock.calls).toEqual([['pushToTalk'], ['liveCaptions']]);

    coreDeps().desktop.tray!({ captionsRunning: true, pass: { summary: 'Luis needs a date.', needsYou: 1 } });
    expect(Tray.created[0]!.setImage).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon-captions(Template)?\.png$/));
    main!.visible = false;
    click('Luis needs a date.');
    expect(main!.show).toHaveBeenCalled();
    expect(main!.webContents.loadURL).toHaveBeenCalledWith('app://staff-desk/#/secretary');
    expect(template().map((item) => item.label)).toContain('Stop live captions');
  });

  it('D4 the latest pass the core read at its start shows in the tray, though the tray came after the core', async () => {
    fakes.createCore.mockImplementationOnce((deps) => {
      (deps as { desktop: { tray(change: unknown): void } }).desktop.tray({ pass: { summary: 'Luis needs a date.', needsYou: 1 } });
      return fakes.core;
    });
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    expect(Tray.created[0]!.setImage).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon-needs-you(Template)?\.png$/));
    expect(trayLabels()).toContain('Luis needs a date.');
  });

  it('started with --profile FILE, even at login: the core reads the file and the window shows', async () => {
    process.argv.push('--hidden', '--profile=/srv/desk/team.json');
    try {
      await launch();
      await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    } finally {
      process.argv.splice(-2);
    }
    expect(fakes.core.offerProfile).toHaveBeenCalledExactlyOnceWith(path.resolve('/srv/desk/team.json'));
    const main = BrowserWindow.created[0]!;
    main.emit('ready-to-show');
    expect(main.show).toHaveBeenCalled();
  });

  it('D4 started at login (--hidden), the window waits in the tray; the page can bring it forward', async () => {
    await launchAtLogin();
    const main = BrowserWindow.created[0]!;
    main.emit('ready-to-show');
    expect(main.show).not.toHaveBeenCalled();
    main.visible = false;
    coreDeps().desktop.showWindow!();
    expect(main.show).toHaveBeenCalledOnce();
  });

  it('RD4 marks the tray ready, the window shown and the page painted, in that order, and logs the start as numbers', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const [main, quickAsk] = BrowserWindow.created;
    main!.emit('ready-to-show');
    main!.emit('show');
    expect(logged('startup')).toEqual([]);
    coreDeps().startup.firstPaint();

    const { reached, over } = coreDeps().startup.figures();
    expect(reached.map(({ mark }) => mark)).toEqual(['trayReady', 'windowShown', 'firstPaint']);
    expect(over).toBe(true);
    const [line] = logged('startup');
    expect(line).toMatchObject({ level: 'info', startedHidden: false, complete: true });
    for (const field of ['trayReadyMs', 'windowShownMs', 'firstPaintMs']) expect(line![field]).toEqual(expect.any(Number));

    // Quick ask asked for from the tray, and on screen.
    quickAsk!.emit('ready-to-show');
    quickAsk!.visible = false;
    coreDeps().desktop.quickAsk.toggle();
    quickAsk!.emit('show');
    expect(coreDeps().startup.figures().quickAsk).toEqual({ firstMs: expect.any(Number), lastMs: expect.any(Number) });
    expect(logged('quick ask visible')).toHaveLength(1);
  });

  it('RD4 started at login, the start is over once the tray is ready and the hidden page painted: no window in it', async () => {
    await launchAtLogin();
    coreDeps().startup.firstPaint();
    expect(logged('startup')).toEqual([expect.objectContaining({ windowShownMs: null, startedHidden: true, complete: true })]);
  });

  it('a live microphone with the window hidden shows in the tray and in an on-top notice, and never brings the window forward', async () => {
    fakes.core.lang.mockReturnValue('es');
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const window = BrowserWindow.created[0]!;
    window.visible = false;
    window.focused = false;
    coreDeps().desktop.shortcuts.register('pushToTalk', 'CommandOrControl+Shift+Space', vi.fn());

    coreDeps().voice.microphone(true);
    const tray = Tray.created[0]!;
    expect(tray.setImage).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon-live(Template)?\.png$/));
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Staff Desk — micrófono activado');
    const indicator = BrowserWindow.created[2]!;
    expect(indicator.options.focusable).toBe(false);
    expect(indicator.showInactive).toHaveBeenCalledOnce();
    const label = new URL(indicator.loadURL.mock.calls[0]![0]).searchParams.get('label');
    expect(label).toMatch(/^Escuchando… pulsa .+Espacio para terminar$/);
    expect(window.show).not.toHaveBeenCalled();
    expect(window.focus).not.toHaveBeenCalled();

    // The member brings the window forward mid-question: it shows the recording itself.
    window.visible = true;
    window.focused = true;
    window.emit('focus');
    expect(indicator.hide).toHaveBeenCalledOnce();

    coreDeps().voice.microphone(false);
    expect(tray.setImage).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon(Template)?\.png$/));
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Staff Desk');
    expect(indicator.showInactive).toHaveBeenCalledOnce();
  });

  it('a page that reloads or crashes mid-recording takes the live microphone off the tray and the screen', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    const window = BrowserWindow.created[0]!;
    const tray = Tray.created[0]!;
    for (const event of ['did-navigate', 'render-process-gone']) {
      coreDeps().voice.microphone(true);
      expect(tray.setImage).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon-live(Template)?\.png$/));
      window.webContents.emit(event);
      expect(tray.setImage, event).toHaveBeenLastCalledWith(expect.stringMatching(/tray-icon(Template)?\.png$/));
    }
  });

  it('a live microphone in the window the member is using shows only in the tray', async () => {
    await launch();
    await vi.waitFor(() => expect(Tray.created).toHaveLength(1));
    coreDeps().voice.microphone(true);
    expect(Tray.created[0]!.setToolTip).toHaveBeenLastCalledWith('Staff Desk — microphone on');
    // The app's window and the hidden quick-ask window: no on-top notice.
    expect(BrowserWindow.created).toHaveLength(2);
  });

  it('says in the system language that the app could not start when starting fails', async () => {
    fakes.createCore.mockImplementationOnce(() => {
      throw new Error('The keychain module is missing.');
    });
    await launch();
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Staff Desk no ha podido iniciarse', 'The keychain module is missing.');
  });

  describe('RD1 a smoke run', () => {
    const AUD = 'b'.repeat(64);
    const DOUBLES = { gemini: { baseUrl: 'http://127.0.0.1:4100' }, cfAccess: { teamUrl: 'http://127.0.0.1:4300', aud: AUD } };

    function asSmokeSuite(upstreams: unknown) {
      vi.stubEnv('STAFF_DESK_SMOKE_PROBE', '1');
      vi.stubEnv('STAFF_DESK_SMOKE_UPSTREAMS', typeof upstreams === 'string' ? upstreams : JSON.stringify(upstreams));
    }

    it("talks to the suite's doubles and keeps its secrets under its own keychain entries, emptied before the core starts", async () => {
      asSmokeSuite(DOUBLES);
      let emptiedFirst = false;
      fakes.createCore.mockImplementationOnce(() => {
        emptiedFirst = keychains.opened.some((store) => store.deleted.length === 4);
        return fakes.core;
      });
      await launch({ isPackaged: false });
      await vi.waitFor(() => expect(fakes.createCore).toHaveBeenCalled());
      expect(coreDeps().gemini).toEqual({ baseUrl: 'http://127.0.0.1:4100' });
      expect(coreDeps().auth.accessOverride).toEqual({ teamUrl: 'http://127.0.0.1:4300', aud: AUD, appUrl: 'http://127.0.0.1:4300/' });
      expect(keychains.opened[0]).toEqual({
        service: 'Staff Desk (smoke test)',
        deleted: ['gemini.apiKey', 'zoho.clientId', 'zoho.clientSecret', 'zoho.refreshToken'],
      });
      expect(emptiedFirst).toBe(true);
    });

    it("a packaged app is no smoke run, whatever its environment says: Google, Settings' sign-in, the member's keychain", async () => {
      asSmokeSuite(DOUBLES);
      await launch({ isPackaged: true });
      await vi.waitFor(() => expect(fakes.createCore).toHaveBeenCalled());
      expect(coreDeps().gemini).toEqual({ baseUrl: 'https://generativelanguage.googleapis.com' });
      expect(coreDeps().auth.accessOverride).toBeUndefined();
      expect(coreDeps().zoho).toBeUndefined();
      expect(keychains.opened[0]).toEqual({ service: 'Staff Desk', deleted: [] });
    });

    it('told doubles it cannot use, says why and does not start', async () => {
      asSmokeSuite({ gemini: { baseUrl: 'http://gemini.example.com' } });
      await launch({ isPackaged: false });
      await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
      expect(dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), expect.stringMatching(/^STAFF_DESK_SMOKE_UPSTREAMS: .*gemini\.baseUrl: Use an https URL/));
      expect(fakes.createCore).not.toHaveBeenCalled();
    });
  });
});
