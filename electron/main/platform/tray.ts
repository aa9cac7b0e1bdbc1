import { Menu, Tray, nativeImage } from 'electron';
import { APP_TITLE } from './main-window-options';
import { trayMenuTemplate, type TrayActions } from './tray-menu';

export interface TrayDeps extends TrayActions {
  iconPath: string;
  /** Clicking the icon shows or hides the window. */
  toggle(): void;
}

/** Keep the returned Tray referenced for the app's lifetime: a collected Tray disappears from the tray. */
export function createTray(deps: TrayDeps): Tray {
  const tray = new Tray(nativeImage.createFromPath(deps.iconPath));
  tray.setToolTip(APP_TITLE);
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(deps)));
  tray.on('click', () => deps.toggle());
  return tray;
}
