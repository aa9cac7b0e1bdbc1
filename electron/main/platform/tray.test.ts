import fs from 'node:fs';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trayIconPath } from './tray-menu';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeTray extends EventEmitter {
    static created: FakeTray[] = [];
    readonly setToolTip = vi.fn();
    readonly setContextMenu = vi.fn();
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

function setup() {
  const actions = { open: vi.fn(), settings: vi.fn(), quit: vi.fn(), toggle: vi.fn() };
  createTray({ iconPath: '/app/resources/tray-icon.png', ...actions });
  const tray = electron.Tray.created.at(-1)!;
  const menu = tray.setContextMenu.mock.calls[0]![0] as { template: MenuItemConstructorOptions[] };
  const item = (label: string) => menu.template.find((entry) => entry.label === label)!;
  const click = (label: string) => (item(label).click as () => void)();
  return { tray, menu, actions, click };
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
    const { menu, actions, click } = setup();
    expect(menu.template.filter((entry) => entry.type !== 'separator').map((entry) => entry.label)).toEqual([
      'Open Staff Desk',
      'Settings',
      'Quit',
    ]);
    click('Open Staff Desk');
    expect(actions.open).toHaveBeenCalledOnce();
    click('Settings');
    expect(actions.settings).toHaveBeenCalledOnce();
    expect(actions.quit).not.toHaveBeenCalled();
    click('Quit');
    expect(actions.quit).toHaveBeenCalledOnce();
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
