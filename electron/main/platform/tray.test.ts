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

function setup(lang: Lang = 'en') {
  const actions = { open: vi.fn(), settings: vi.fn(), quit: vi.fn(), toggle: vi.fn() };
  const icons = { idle: '/app/resources/tray-icon.png', live: '/app/resources/tray-icon-live.png' };
  const appTray = createTray({ icons, lang, ...actions });
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
  return { appTray, tray, labels, actions, click, shown };
}

beforeEach(() => {
  electron.Tray.created = [];
  vi.clearAllMocks();
});

describe('tray', () => {
  it('shows the app icon with the app name as tooltip', () => {
    const { tray, shown } = setup();
    expect(tray.image).toEqual({ path: '/app/resources/tray-icon.png' });
    expect(shown()).toEqual({ icon: { path: '/app/resources/tray-icon.png' }, tooltip: 'Staff Desk' });
  });

  it('while the microphone is live, shows the live icon and says so; back to rest when it is off', () => {
    const { appTray, shown } = setup();
    appTray.setMicrophoneLive(true);
    expect(shown()).toEqual({ icon: { path: '/app/resources/tray-icon-live.png' }, tooltip: 'Staff Desk — microphone on' });
    appTray.setMicrophoneLive(false);
    expect(shown()).toEqual({ icon: { path: '/app/resources/tray-icon.png' }, tooltip: 'Staff Desk' });
  });

  it("says the microphone is on in the member's language, also after a change of language", () => {
    const { appTray, shown } = setup('ru');
    appTray.setMicrophoneLive(true);
    expect(shown().tooltip).toBe('Staff Desk — микрофон включён');
    appTray.setLanguage('zh');
    expect(shown()).toEqual({ icon: { path: '/app/resources/tray-icon-live.png' }, tooltip: 'Staff Desk — 麦克风已开启' });
    appTray.setMicrophoneLive(false);
    expect(shown().tooltip).toBe('Staff Desk');
  });

  it('offers Open Staff Desk, Settings and Quit, each doing what it says', () => {
    const { labels, actions, click } = setup();
    expect(labels()).toEqual(['Open Staff Desk', 'Settings', 'Quit']);
    click('Open Staff Desk');
    expect(actions.open).toHaveBeenCalledOnce();
    click('Settings');
    expect(actions.settings).toHaveBeenCalledOnce();
    expect(actions.quit).not.toHaveBeenCalled();
    click('Quit');
    expect(actions.quit).toHaveBeenCalledOnce();
  });

  it("speaks the member's language, and is rebuilt in a new one that still does what it says", () => {
    const { appTray, tray, labels, actions, click } = setup('es');
    expect(labels()).toEqual(['Abrir Staff Desk', 'Ajustes', 'Salir']);

    appTray.setLanguage('fr');
    expect(tray.setContextMenu).toHaveBeenCalledTimes(2);
    expect(labels()).toEqual(['Ouvrir Staff Desk', 'Paramètres', 'Quitter']);
    click('Paramètres');
    expect(actions.settings).toHaveBeenCalledOnce();
    click('Quitter');
    expect(actions.quit).toHaveBeenCalledOnce();
    // The app's name is not translated.
    expect(tray.setToolTip).toHaveBeenCalledWith('Staff Desk');
  });

  it('removes its icon when destroyed', () => {
    const { appTray, tray } = setup();
    appTray.destroy();
    expect(tray.destroy).toHaveBeenCalledOnce();
  });

  it('toggles the window when the icon is clicked', () => {
    const { tray, actions } = setup();
    tray.emit('click');
    expect(actions.toggle).toHaveBeenCalledOnce();
  });

  it('uses template images in the macOS menu bar and the coloured icons elsewhere', () => {
    const env = { isPackaged: true, resourcesPath: '/opt/Staff Desk/resources', appPath: '/unused' };
    const at = (file: string) => path.join(env.resourcesPath, file);
    expect(trayIcons({ ...env, platform: 'darwin' })).toEqual({
      idle: at('tray-iconTemplate.png'),
      live: at('tray-icon-liveTemplate.png'),
    });
    for (const platform of ['win32', 'linux'] as const) {
      expect(trayIcons({ ...env, platform })).toEqual({ idle: at('tray-icon.png'), live: at('tray-icon-live.png') });
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
