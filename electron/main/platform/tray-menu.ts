import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import type { TrayTexts } from '../texts/tray-texts';

export interface TrayActions {
  open(): void;
  settings(): void;
  quit(): void;
}

export function trayMenuTemplate(actions: TrayActions, texts: TrayTexts): MenuItemConstructorOptions[] {
  return [
    { label: texts.open, click: () => actions.open() },
    { label: texts.settings, click: () => actions.settings() },
    { type: 'separator' },
    { label: texts.quit, click: () => actions.quit() },
  ];
}

export interface TrayIconEnv {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** process.resourcesPath: where electron-builder's extraResources land. */
  resourcesPath: string;
  /** app.getAppPath(): the project folder in development. */
  appPath: string;
}

/** The tray's two faces: the app at rest, and the app while the microphone is live (a dot in the corner). */
export interface TrayIcons {
  idle: string;
  live: string;
}

/**
 * Packaged, the tray icons are copied beside the app archive (electron-builder extraResources), where the OS
 * can read them directly; in development they are read from the project's resources/ folder. macOS menu bar
 * icons are monochrome template images ("...Template.png", with an @2x twin) that the system tints.
 * scripts/make-tray-icons.py draws the live ones from the idle ones.
 */
export function trayIcons(env: TrayIconEnv): TrayIcons {
  const dir = env.isPackaged ? env.resourcesPath : path.join(env.appPath, 'resources');
  const file = (name: string) => path.join(dir, env.platform === 'darwin' ? `${name}Template.png` : `${name}.png`);
  return { idle: file('tray-icon'), live: file('tray-icon-live') };
}
