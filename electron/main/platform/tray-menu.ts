import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { TRAY_FACES, type TrayAction, type TrayEntry, type TrayFace } from '../desktop/tray-view';

/** What each entry of the tray's menu does (electron/main/desktop/tray-view.ts says which entries there are). */
export type TrayActions = Record<TrayAction, () => void>;

/** Each item's id is its action, so the menu can be found by what it does whatever language it speaks. */
export function trayMenuTemplate(menu: readonly TrayEntry[], actions: TrayActions): MenuItemConstructorOptions[] {
  return menu.map((entry) =>
    entry === 'separator' ? { type: 'separator' } : { id: entry.action, label: entry.label, click: () => actions[entry.action]() },
  );
}

export interface TrayIconEnv {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** process.resourcesPath: where electron-builder's extraResources land. */
  resourcesPath: string;
  /** app.getAppPath(): the project folder in development. */
  appPath: string;
}

/** The icon file of each face of the tray. */
export type TrayIcons = Record<TrayFace, string>;

const FACE_FILES: Record<TrayFace, string> = {
  idle: 'tray-icon',
  live: 'tray-icon-live',
  captions: 'tray-icon-captions',
  'needs-you': 'tray-icon-needs-you',
};

/**
 * Packaged, the tray icons are copied beside the app archive (electron-builder extraResources), where the OS
 * can read them directly; in development they are read from the project's resources/ folder. macOS menu bar
 * icons are monochrome template images ("...Template.png", with an @2x twin) that the system tints.
 * scripts/make-tray-icons.py draws the faces of each state from the idle ones.
 */
export function trayIcons(env: TrayIconEnv): TrayIcons {
  const dir = env.isPackaged ? env.resourcesPath : path.join(env.appPath, 'resources');
  const file = (name: string) => path.join(dir, env.platform === 'darwin' ? `${name}Template.png` : `${name}.png`);
  return Object.fromEntries(TRAY_FACES.map((face) => [face, file(FACE_FILES[face])])) as TrayIcons;
}
