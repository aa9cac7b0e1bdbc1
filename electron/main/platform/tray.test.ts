import fs from 'node:fs';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { trayIconPath } from './tray-menu';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeTray extends EventEmitter {
    static created: FakeTray[] = [];
    readonly setToolTip = vi.fn();
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
  const appTray = createTray({ iconPath: '/app/resources/tray-icon.png', lang, ...actions });
  const tray = electron.Tray.created.at(-1)!;
  /** The menu the tray shows now: the last one it was given. */
  const menu = () => tray.setContextMenu.mock.calls.at(-1)![0] as BuiltMenu;
  const labels = () => menu().template.filter((entry) => entry.type !== 'separator').map((entry) => entry.label);
  const click = (label: string) => (menu().template.find((entry) => entry.label === label)!.click as () => void)();
  return { appTray, tray, labels, actions, click };
}

beforeEach(() => {
  electron.Tray.created = [];
  vi.clearAllMocks();
});

describe('tray', () => {
  it('shows the app icon with the app name as tooltip', () => {
    const { tray } = setup();
    expect(electron.nativeImage.createFromPath).toHaveBeenCalledWith('/app/resources/tray-icon.png');
    expect(tray.image).toEqual({ path: '/app/resources/tray-icon.png' });
    expect(tray.setToolTip).toHaveBeenCalledWith('Staff Desk');
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

  it('uses a template image in the macOS menu bar and the coloured icon elsewhere', () => {
    const env = { isPackaged: true, resourcesPath: '/opt/Staff Desk/resources', appPath: '/unused' };
    expect(trayIconPath({ ...env, platform: 'darwin' })).toBe(path.join(env.resourcesPath, 'tray-iconTemplate.png'));
    expect(trayIconPath({ ...env, platform: 'win32' })).toBe(path.join(env.resourcesPath, 'tray-icon.png'));
    expect(trayIconPath({ ...env, platform: 'linux' })).toBe(path.join(env.resourcesPath, 'tray-icon.png'));
  });

  it('reads the icons from the project in development', () => {
    const env = { platform: 'linux' as const, isPackaged: false, resourcesPath: '/electron/dist/resources' };
    const file = trayIconPath({ ...env, appPath: '/src/staff-desk' });
    expect(file).toBe(path.join('/src/staff-desk', 'resources', 'tray-icon.png'));
  });

  it('every icon it can name is in the repository, at the size the tray expects', () => {
    const root = path.resolve(__dirname, '../../..');
    for (const [platform, size] of [['linux', 32], ['darwin', 16]] as const) {
      const file = trayIconPath({ platform, isPackaged: false, resourcesPath: '', appPath: root });
      const png = fs.readFileSync(file);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect(fs.existsSync(path.join(root, 'resources', 'tray-iconTemplate@2x.png'))).toBe(true);
  });
});
