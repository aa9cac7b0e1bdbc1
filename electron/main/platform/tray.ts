import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import type { Lang } from '../../../shared/lang';
import { INITIAL_TRAY_STATE, TRAY_FACES, trayView, type TrayFace, type TrayState } from '../desktop/tray-view';
import { trayMenuTemplate, type TrayActions, type TrayIcons } from './tray-menu';

export interface TrayDeps {
  icons: TrayIcons;
  /** The language the menu speaks until the state says otherwise. */
  lang: Lang;
  platform: NodeJS.Platform;
  actions: TrayActions;
  /** Windows and Linux: clicking the icon shows or hides the window (macOS opens the menu, as menu bar icons do). */
  toggle(): void;
}

export interface AppTray {
  /** Something the tray shows changed: the language, the microphone, live captions, the latest pass. */
  update(change: Partial<TrayState>): void;
  /** The menu the tray shows now (the real-Electron smoke suite opens it). */
  menu(): Menu | null;
  destroy(): void;
}

/** Keep the returned AppTray referenced for the app's lifetime: a collected Tray disappears from the tray. */
export function createTray(deps: TrayDeps): AppTray {
  const images = Object.fromEntries(TRAY_FACES.map((face) => [face, nativeImage.createFromPath(deps.icons[face])])) as Record<
    TrayFace,
    NativeImage
  >;
  const tray = new Tray(images.idle);
  let state: TrayState = { ...INITIAL_TRAY_STATE, lang: deps.lang };
  // The Tray was made with the idle face; the tooltip and menu are set by the first render.
  let shown = { face: 'idle' as TrayFace, tooltip: '', menu: '' };
  let contextMenu: Menu | null = null;

  // Only what changed is handed to the OS: a built menu cannot be relabelled on every platform (Linux's indicator
  // keeps its copy), so a changed menu is replaced whole, and an unchanged one is left alone.
  const render = () => {
    const view = trayView(state, deps.platform);
    const menu = JSON.stringify(view.menu);
    if (shown.face !== view.face) tray.setImage(images[view.face]);
    if (shown.tooltip !== view.tooltip) tray.setToolTip(view.tooltip);
    if (shown.menu !== menu) {
      contextMenu = Menu.buildFromTemplate(trayMenuTemplate(view.menu, deps.actions));
      tray.setContextMenu(contextMenu);
    }
    shown = { face: view.face, tooltip: view.tooltip, menu };
  };
  render();
  if (deps.platform !== 'darwin') tray.on('click', () => deps.toggle());
  return {
    update(change) {
      state = { ...state, ...change };
      render();
    },
    menu: () => contextMenu,
    destroy: () => tray.destroy(),
  };
}
