import fs from 'node:fs';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { trayIcons } from './tray-menu';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeTray extends EventEmitter {
    static created: FakeTray[] = [];
    readonly setToolTip = vi.fn();
    readonly setImage = vi.fn();
    readonly setContextMenu = vi.fn();
    readonly destroy = vi.fn();
    constructor(readonly image: unknown) {
      super();
      FakeTray.created.push(this);
    }
  }
  return {
    Tray: FakeTray,
    Menu: { buildFromTemplate: vi.fn((template: MenuItemConstructorOptions[]) => ({ template })) },
    nativeImage: { createFromPath: vi.fn((path: string) => ({ path })) },
  };
});
vi.mock('electron', () => electron);

const { createTray } = await import('./tray');

type BuiltMenu = { template: MenuItemConstructorOptions[] };

const ICONS = {
  idle: '/app/resources/tray-icon.png',
  live: '/app/resources/tray-icon-live.png',
  captions: '/app/resources/tray-icon-captions.png',
  'needs-you': '/app/resources/tray-icon-needs-you.png',
};
const PASS = { summary: 'Luis needs an installation date by Thursday.', needsYou: 1 };

function setup(lang: Lang = 'en', platform: NodeJS.Platform = 'linux') {
  const actions = {
    open: vi.fn(),
    ask: vi.fn(),
    pushToTalk: vi.fn(),
    liveCaptions: vi.fn(),
    pass: vi.fn(),
    settings: vi.fn(),
    copyDiagnostics: vi.fn(),
    quit: vi.fn(),
  };
  const toggle = vi.fn();
  const appTray = createTray({ icons: ICONS, lang, platform, actions, toggle });
  const tray = electron.Tray.created.at(-1)!;
  /** The menu the tray shows now: the last one it was given. */
  const menu = () => tray.setContextMenu.mock.calls.at(-1)![0] as BuiltMenu;
  const labels = () => menu().template.filter((entry) => entry.type !== 'separator').map((entry) => entry.label);
  const click = (label: string) => (menu().template.find((entry) => entry.label === label)!.click as () => void)();
  /** What the member sees when looking at the icon now. */
  const shown = () => ({
    icon: (tray.setImage.mock.calls.at(-1)?.[0] ?? tray.image) as { path: string },
    tooltip: tray.setToolTip.mock.calls.at(-1)![0] as string,
  });
  return { appTray, tray, labels, actions, toggle, click, shown };
}

beforeEach(() => {
  electron.Tray.created = [];
  vi.clearAllMocks();
});

describe('D4 tray', () => {
  it('shows the app icon with the app name as tooltip', () => {
    const { tray, shown } = setup();
    expect(tray.image).toEqual({ path: ICONS.idle });
    expect(shown()).toEqual({ icon: { path: ICONS.idle }, tooltip: 'Staff Desk' });
  });

  it('while the microphone is live, shows the live icon and says so; back to rest when it is off', () => {
    const { appTray, shown } = setup();
    appTray.update({ microphoneLive: true });
    expect(shown()).toEqual({ icon: { path: ICONS.live }, tooltip: 'Staff Desk — microphone on' });
    appTray.update({ microphoneLive: false });
    expect(shown()).toEqual({ icon: { path: ICONS.idle }, tooltip: 'Staff Desk' });
  });

  it('shows live captions running and mail that needs the member, the microphone first', () => {
    const { appTray, shown } = setup();
    appTray.update({ pass: PASS });
    expect(shown()).toEqual({ icon: { path: ICONS['needs-you'] }, tooltip: 'Staff Desk — 1 message needs you' });
    appTray.update({ captionsRunning: true });
    expect(shown()).toEqual({ icon: { path: ICONS.captions }, tooltip: 'Staff Desk — live captions on' });
    appTray.update({ microphoneLive: true });
    expect(shown().icon).toEqual({ path: ICONS.live });
    appTray.update({ microphoneLive: false, captionsRunning: false, pass: null });
    expect(shown()).toEqual({ icon: { path: ICONS.idle }, tooltip: 'Staff Desk' });
  });

  it("says the microphone is on in the member's language, also after a change of language", () => {
    const { appTray, shown } = setup('ru');
    appTray.update({ microphoneLive: true });
    expect(shown().tooltip).toBe('Staff Desk — микрофон включён');
    appTray.update({ lang: 'zh' });
    expect(shown()).toEqual({ icon: { path: ICONS.live }, tooltip: 'Staff Desk — 麦克风已开启' });
    appTray.update({ microphoneLive: false });
    expect(shown().tooltip).toBe('Staff Desk');
  });

  it('offers every entry of its menu, each doing what it says', () => {
    const { appTray, labels, actions, click } = setup();
    appTray.update({ pass: PASS });
    expect(labels()).toEqual([
      'Open Staff Desk',
      'Ask…',
      'Push to talk',
      'Start live captions',
      'Luis needs an installation date by Thursday.',
      'Settings',
      'Copy diagnostics',
      'Quit',
    ]);
    const expected = {
      'Open Staff Desk': actions.open,
      'Ask…': actions.ask,
      'Push to talk': actions.pushToTalk,
      'Start live captions': actions.liveCaptions,
      'Luis needs an installation date by Thursday.': actions.pass,
      Settings: actions.settings,
      'Copy diagnostics': actions.copyDiagnostics,
      Quit: actions.quit,
    };
    for (const [label, action] of Object.entries(expected)) {
      click(label);
      expect(action, label).toHaveBeenCalledOnce();
    }
  });

  it('hands out the menu it shows, each entry findable by what it does in any language', () => {
    const { appTray, tray, actions } = setup('ar');
    expect(appTray.menu()).toBe(tray.setContextMenu.mock.calls.at(-1)![0]);
    appTray.update({ pass: PASS });
    const built = appTray.menu() as unknown as BuiltMenu;
    expect(built).toBe(tray.setContextMenu.mock.calls.at(-1)![0]);
    (built.template.find((entry) => entry.id === 'ask')!.click as () => void)();
    expect(actions.ask).toHaveBeenCalledOnce();
    expect(built.template.filter((entry) => entry.type !== 'separator').every((entry) => typeof entry.id === 'string')).toBe(true);
  });

  it('names the captions entry after what it will do, and drops the pass when there is none', () => {
    const { appTray, labels, click, actions } = setup();
    appTray.update({ captionsRunning: true, pass: PASS });
    click('Stop live captions');
    expect(actions.liveCaptions).toHaveBeenCalledOnce();
    appTray.update({ captionsRunning: false, pass: null });
    expect(labels()).toEqual(['Open Staff Desk', 'Ask…', 'Push to talk', 'Start live captions', 'Settings', 'Copy diagnostics', 'Quit']);
  });

  it("speaks the member's language, and is rebuilt in a new one that still does what it says", () => {
    const { appTray, tray, labels, actions, click } = setup('es');
    expect(labels()).toEqual(['Abrir Staff Desk', 'Preguntar…', 'Pulsar para hablar', 'Iniciar subtítulos en directo', 'Ajustes', 'Copiar diagnóstico', 'Salir']);

    appTray.update({ lang: 'fr' });
    expect(tray.setContextMenu).toHaveBeenCalledTimes(2);
    expect(labels()).toContain('Paramètres');
    click('Paramètres');
    expect(actions.settings).toHaveBeenCalledOnce();
    click('Quitter');
    expect(actions.quit).toHaveBeenCalledOnce();
    // The app's name is not translated.
    expect(tray.setToolTip).toHaveBeenCalledWith('Staff Desk');
  });

  it('leaves the menu alone when only the icon changes: a menu open on Linux is not pulled from under the member', () => {
    const { appTray, tray } = setup();
    appTray.update({ microphoneLive: true });
    appTray.update({ microphoneLive: false });
    expect(tray.setContextMenu).toHaveBeenCalledOnce();
  });

  it('removes its icon when destroyed', () => {
    const { appTray, tray } = setup();
    appTray.destroy();
    expect(tray.destroy).toHaveBeenCalledOnce();
  });

  it('on Windows and Linux, a click on the icon toggles the window', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { tray, toggle } = setup('en', platform);
      tray.emit('click');
      expect(toggle, platform).toHaveBeenCalledOnce();
    }
  });

  it('on macOS, a click opens the menu, as menu bar icons do, and does not toggle the window', () => {
    const { tray, toggle } = setup('en', 'darwin');
    expect(tray.listenerCount('click')).toBe(0);
    tray.emit('click');
    expect(toggle).not.toHaveBeenCalled();
    expect(tray.setContextMenu).toHaveBeenCalledOnce();
  });

  it('uses template images in the macOS menu bar and the coloured icons elsewhere', () => {
    const env = { isPackaged: true, resourcesPath: '/opt/Staff Desk/resources', appPath: '/unused' };
    const at = (file: string) => path.join(env.resourcesPath, file);
    expect(trayIcons({ ...env, platform: 'darwin' })).toEqual({
      idle: at('tray-iconTemplate.png'),
      live: at('tray-icon-liveTemplate.png'),
      captions: at('tray-icon-captionsTemplate.png'),
      'needs-you': at('tray-icon-needs-youTemplate.png'),
    });
    for (const platform of ['win32', 'linux'] as const) {
      expect(trayIcons({ ...env, platform })).toEqual({
        idle: at('tray-icon.png'),
        live: at('tray-icon-live.png'),
        captions: at('tray-icon-captions.png'),
        'needs-you': at('tray-icon-needs-you.png'),
      });
    }
  });

  it('reads the icons from the project in development', () => {
    const env = { platform: 'linux' as const, isPackaged: false, resourcesPath: '/electron/dist/resources' };
    const icons = trayIcons({ ...env, appPath: '/src/staff-desk' });
    expect(icons.idle).toBe(path.join('/src/staff-desk', 'resources', 'tray-icon.png'));
    expect(icons.live).toBe(path.join('/src/staff-desk', 'resources', 'tray-icon-live.png'));
  });

  it('every icon it can name is in the repository, at the size the tray expects', () => {
    const root = path.resolve(__dirname, '../../..');
    for (const [platform, size] of [['linux', 32], ['darwin', 16]] as const) {
      for (const file of Object.values(trayIcons({ platform, isPackaged: false, resourcesPath: '', appPath: root }))) {
        const png = fs.readFileSync(file);
        expect(png.subarray(1, 4).toString('ascii'), file).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], file).toEqual([size, size]);
        // The @2x twin macOS picks on a Retina screen.
        if (platform === 'darwin') expect(fs.existsSync(file.replace(/\.png$/, '@2x.png')), file).toBe(true);
      }
    }
  });
});
