import fs from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { APP_TITLE } from '../../../shared/product';
import { err, ok } from '../../../shared/result';
import type { LoginItemPort } from '../desktop/login-item-port';
import type { Logger } from '../log/logger';

/** What the app is started with at login: it then comes up hidden in the tray, not in the member's face. */
export const HIDDEN_ARG = '--hidden';

export interface LoginItemEnv {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** process.execPath: the app's executable. */
  execPath: string;
  /** process.env.APPIMAGE: the AppImage file a Linux build runs from (its execPath is a temporary mount). */
  appImage?: string | undefined;
  /** $XDG_CONFIG_HOME, else ~/.config: where Linux desktops read autostart entries. */
  configHome: string;
  log: Logger;
}

/**
 * Start at login where the app can set it: Electron's login items on macOS and Windows, an XDG autostart entry on
 * Linux (which Electron does not support). Undefined in development, where the system would start bare Electron.
 */
export function createLoginItem(env: LoginItemEnv): LoginItemPort | undefined {
  if (!env.isPackaged) return undefined;
  if (env.platform === 'linux') {
    return xdgAutostart({ file: path.join(env.configHome, 'autostart', 'staff-desk.desktop'), exec: env.appImage ?? env.execPath, log: env.log });
  }
  // Windows keeps the arguments in its Run entry, and finds the entry by them: both calls name the same ones.
  // macOS starts apps without arguments, and says instead that it opened the app at login (openedAtLogin).
  const options = env.platform === 'win32' ? { args: [HIDDEN_ARG] } : {};
  const openAtLogin = () => app.getLoginItemSettings(options).openAtLogin;
  return {
    openAtLogin,
    setOpenAtLogin(open) {
      app.setLoginItemSettings({ ...options, openAtLogin: open });
      return ok(openAtLogin());
    },
  };
}

/** Whether this start is the system's, at login: the window then stays hidden in the tray. */
export function openedAtLogin(argv: readonly string[], platform: NodeJS.Platform): boolean {
  return argv.includes(HIDDEN_ARG) || (platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
}

/** An XDG autostart entry (freedesktop.org's Desktop Application Autostart Specification): present means on. */
export function xdgAutostart(deps: { file: string; exec: string; log: Logger }): LoginItemPort {
  const openAtLogin = () => fs.existsSync(deps.file);
  return {
    openAtLogin,
    setOpenAtLogin(open) {
      try {
        if (open) {
          fs.mkdirSync(path.dirname(deps.file), { recursive: true });
          fs.writeFileSync(deps.file, desktopEntry(deps.exec));
        } else {
          fs.rmSync(deps.file, { force: true });
        }
      } catch (error) {
        deps.log.warn('the autostart entry could not be written', { file: deps.file, error });
        return err('INTERNAL', `The start at login could not be changed: ${deps.file} cannot be written.`, {
          reason: 'autostart_unwritable',
          hint: "Check that folder's permissions, then try again.",
        });
      }
      return ok(openAtLogin());
    },
  };
}

function desktopEntry(exec: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${APP_TITLE}`,
    `Exec=${execQuoted(exec)} ${HIDDEN_ARG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * The Exec key's quoting: the path in double quotes with its ", `, $ and \ escaped, then every backslash escaped
 * again (the file's string rule is read first), and % doubled (a field code otherwise).
 */
function execQuoted(file: string): string {
  const quoted = file.replace(/["`$\\]/g, (char) => `\\${char}`).replaceAll('\\', '\\\\');
  return `"${quoted.replaceAll('%', '%%')}"`;
}
