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

/**
 * Packaged, the tray icons are copied beside the app archive (electron-builder extraResources), where the OS
 * can read them directly; in development they are read from the project's resources/ folder. macOS menu bar
 * icons are monochrome template images ("...Template.png", with an @2x twin) that the system tints.
 */
export function trayIconPath(env: TrayIconEnv): string {
  const dir = env.isPackaged ? env.resourcesPath : path.join(env.appPath, 'resources');
  return path.join(dir, env.platform === 'darwin' ? 'tray-iconTemplate.png' : 'tray-icon.png');
}
