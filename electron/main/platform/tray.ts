import { Menu, Tray, nativeImage } from 'electron';
import type { Lang } from '../../../shared/lang';
import { TRAY_TEXTS } from '../texts/tray-texts';
import { APP_TITLE } from '../../../shared/product';
import { trayMenuTemplate, type TrayActions } from './tray-menu';

export interface TrayDeps extends TrayActions {
  iconPath: string;
  /** The language the menu speaks until setLanguage says otherwise. */
  lang: Lang;
  /** Clicking the icon shows or hides the window. */
  toggle(): void;
}

export interface AppTray {
  /** Rebuilds the menu in another language: the member chose one in Settings. */
  setLanguage(lang: Lang): void;
  destroy(): void;
}

/** Keep the returned AppTray referenced for the app's lifetime: a collected Tray disappears from the tray. */
export function createTray(deps: TrayDeps): AppTray {
  const tray = new Tray(nativeImage.createFromPath(deps.iconPath));
  // The app's name, the same in every language.
  tray.setToolTip(APP_TITLE);
  // A built menu cannot be relabelled on every platform (Linux's indicator keeps its copy): a new one replaces it.
  const setLanguage = (lang: Lang) => {
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(deps, TRAY_TEXTS[lang])));
  };
  setLanguage(deps.lang);
  tray.on('click', () => deps.toggle());
  return { setLanguage, destroy: () => tray.destroy() };
}
