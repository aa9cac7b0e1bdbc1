import { Menu, Tray, nativeImage } from 'electron';
import type { Lang } from '../../../shared/lang';
import { TRAY_TEXTS } from '../texts/tray-texts';
import { APP_TITLE } from '../../../shared/product';
import { trayMenuTemplate, type TrayActions, type TrayIcons } from './tray-menu';

export interface TrayDeps extends TrayActions {
  icons: TrayIcons;
  /** The language the menu speaks until setLanguage says otherwise. */
  lang: Lang;
  /** Clicking the icon shows or hides the window. */
  toggle(): void;
}

export interface AppTray {
  /** Rebuilds the menu in another language: the member chose one in Settings. */
  setLanguage(lang: Lang): void;
  /** The icon and tooltip say whether the microphone is live, so a member who hid the window can see it is. */
  setMicrophoneLive(live: boolean): void;
  destroy(): void;
}

/** Keep the returned AppTray referenced for the app's lifetime: a collected Tray disappears from the tray. */
export function createTray(deps: TrayDeps): AppTray {
  const images = { idle: nativeImage.createFromPath(deps.icons.idle), live: nativeImage.createFromPath(deps.icons.live) };
  const tray = new Tray(images.idle);
  let lang = deps.lang;
  let live = false;
  // At rest the tooltip is the app's name, the same in every language.
  const showState = () => {
    tray.setImage(live ? images.live : images.idle);
    tray.setToolTip(live ? TRAY_TEXTS[lang].microphoneOn : APP_TITLE);
  };
  // A built menu cannot be relabelled on every platform (Linux's indicator keeps its copy): a new one replaces it.
  const setLanguage = (next: Lang) => {
    lang = next;
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(deps, TRAY_TEXTS[lang])));
    showState();
  };
  setLanguage(deps.lang);
  tray.on('click', () => deps.toggle());
  return {
    setLanguage,
    setMicrophoneLive(next) {
      if (next === live) return;
      live = next;
      showState();
    },
    destroy: () => tray.destroy(),
  };
}
