import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { makeTempDir } from '../../../test/support/store-helpers';

const electron = await vi.hoisted(async () => {
  const state = { openAtLogin: false, args: [] as string[], wasOpenedAtLogin: false };
  return {
    state,
    app: {
      // Windows finds its Run entry by the arguments asked for, as the real call does.
      getLoginItemSettings: vi.fn((options: { args?: string[] } = {}) => ({
        openAtLogin: state.openAtLogin && JSON.stringify(options.args ?? []) === JSON.stringify(state.args),
        wasOpenedAtLogin: state.wasOpenedAtLogin,
      })),
      setLoginItemSettings: vi.fn((settings: { openAtLogin: boolean; args?: string[] }) => {
        state.openAtLogin = settings.openAtLogin;
        state.args = settings.args ?? [];
      }),
    },
  };
});
vi.mock('electron', () => electron);

const { createLoginItem, openedAtLogin } = await import('./login-item');

function env(platform: NodeJS.Platform, overrides: { isPackaged?: boolean; appImage?: string; execPath?: string } = {}) {
  return {
    platform,
    isPackaged: overrides.isPackaged ?? true,
    execPath: overrides.execPath ?? '/opt/Staff Desk/staff-desk',
    appImage: overrides.appImage,
    configHome: makeTempDir(),
    log: createMemoryLogger(),
  };
}

beforeEach(() => {
  Object.assign(electron.state, { openAtLogin: false, args: [], wasOpenedAtLogin: false });
  vi.clearAllMocks();
});

describe('D4 start at login', () => {
  it('on Windows, registers the app with --hidden, so it starts in the tray, and finds that entry again', () => {
    const item = createLoginItem(env('win32'))!;
    expect(item.openAtLogin()).toBe(false);
    expect(item.setOpenAtLogin(true)).toEqual({ ok: true, value: true });
    expect(electron.state.args).toEqual(['--hidden']);
    expect(item.openAtLogin()).toBe(true);
    expect(item.setOpenAtLogin(false)).toEqual({ ok: true, value: false });
  });

  it('on macOS, uses the login item, which starts the app without arguments', () => {
    const item = createLoginItem(env('darwin'))!;
    expect(item.setOpenAtLogin(true)).toEqual({ ok: true, value: true });
    expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
  });

  it('on Linux, writes an XDG autostart entry that starts the app hidden, and removes it', () => {
    const setup = env('linux', { execPath: '/opt/Staff Desk/100%/staff-desk' });
    const item = createLoginItem(setup)!;
    const file = path.join(setup.configHome, 'autostart', 'staff-desk.desktop');
    expect(item.openAtLogin()).toBe(false);
    expect(item.setOpenAtLogin(true)).toEqual({ ok: true, value: true });
    const entry = fs.readFileSync(file, 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]\n/);
    expect(entry).toContain('Type=Application\nName=Staff Desk\n');
    // Quoted for the space, and % doubled: a lone % would be read as a field code.
    expect(entry).toContain('Exec="/opt/Staff Desk/100%%/staff-desk" --hidden\n');
    expect(item.openAtLogin()).toBe(true);
    expect(item.setOpenAtLogin(false)).toEqual({ ok: true, value: false });
    expect(fs.existsSync(file)).toBe(false);
    expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('on Linux, starts the AppImage itself, not its temporary mount', () => {
    const setup = env('linux', { appImage: '/home/ana/Apps/Staff-Desk.AppImage', execPath: '/tmp/.mount_Staff/staff-desk' });
    createLoginItem(setup)!.setOpenAtLogin(true);
    expect(fs.readFileSync(path.join(setup.configHome, 'autostart', 'staff-desk.desktop'), 'utf8')).toContain(
      'Exec="/home/ana/Apps/Staff-Desk.AppImage" --hidden',
    );
  });

  it('says so when the autostart folder cannot be written, and stays off', () => {
    const setup = env('linux');
    // A file where the folder should be.
    fs.writeFileSync(path.join(setup.configHome, 'autostart'), '');
    const item = createLoginItem(setup)!;
    const result = item.setOpenAtLogin(true);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.reason).toBe('autostart_unwritable');
    expect(!result.ok && result.error.message).toContain(path.join(setup.configHome, 'autostart', 'staff-desk.desktop'));
    expect(item.openAtLogin()).toBe(false);
  });

  it('is not offered in development, where the system would start bare Electron', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) expect(createLoginItem(env(platform, { isPackaged: false }))).toBeUndefined();
  });

  it('knows a start at login: --hidden anywhere, or macOS saying it opened the app at login', () => {
    expect(openedAtLogin(['/opt/staff-desk', '--hidden'], 'linux')).toBe(true);
    expect(openedAtLogin(['/opt/staff-desk'], 'win32')).toBe(false);
    expect(openedAtLogin(['/Applications/Staff Desk.app/Contents/MacOS/Staff Desk'], 'darwin')).toBe(false);
    electron.state.wasOpenedAtLogin = true;
    expect(openedAtLogin(['/Applications/Staff Desk.app/Contents/MacOS/Staff Desk'], 'darwin')).toBe(true);
  });
});
