import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Lang } from '../../../shared/lang';
import { MENU_TEXTS, type MenuTexts } from '../texts/menu-texts';
import { APP_TITLE } from '../../../shared/product';

export interface AppMenuEnv {
  platform: NodeJS.Platform;
  /** app.isPackaged: only `npm run dev` gets the developer menu. */
  isPackaged: boolean;
  /** Help > Copy diagnostics (issue 28): the report on the clipboard, and a notice that it is there. */
  copyDiagnostics: () => void;
}

/**
 * Replaces Electron's default menu (English, with Reload, which throws away the open conversations, and
 * DevTools) with only what the member needs, in the member's language; call again when the language changes.
 *
 * Windows and Linux get no menu bar at all: Chromium's editor handles Ctrl+C/V/X/Z/A in text fields by itself
 * (Electron does not even register the clipboard roles' accelerators there, electron/electron#15723), so nothing
 * is lost. macOS is the exception: its key equivalents reach a text field only through menu items, so without
 * an Edit menu Cmd+C and Cmd+V do nothing (electron/electron#3787).
 */
export function setAppMenu(env: AppMenuEnv, lang: Lang): void {
  const template = [
    ...(env.platform === 'darwin' ? macMenus(MENU_TEXTS[lang], env.copyDiagnostics) : []),
    ...(env.isPackaged ? [] : [DEVELOPER_MENU]),
  ];
  Menu.setApplicationMenu(template.length > 0 ? Menu.buildFromTemplate(template) : null);
}

/**
 * Role items do their platform's native work; the label only translates them. No View menu: no reload. Help's one
 * item is the app's own: support asks for the diagnostics (Windows and Linux find it in the tray's menu).
 */
function macMenus(texts: MenuTexts, copyDiagnostics: () => void): MenuItemConstructorOptions[] {
  return [
    {
      // macOS titles this menu with the app's bundle name whatever the label says.
      label: APP_TITLE,
      submenu: [
        { role: 'about', label: texts.about },
        { type: 'separator' },
        { role: 'hide', label: texts.hide },
        { role: 'hideOthers', label: texts.hideOthers },
        { role: 'unhide', label: texts.showAll },
        { type: 'separator' },
        { role: 'quit', label: texts.quit },
      ],
    },
    {
      label: texts.edit,
      submenu: [
        { role: 'undo', label: texts.undo },
        { role: 'redo', label: texts.redo },
        { type: 'separator' },
        { role: 'cut', label: texts.cut },
        { role: 'copy', label: texts.copy },
        { role: 'paste', label: texts.paste },
        { role: 'pasteAndMatchStyle', label: texts.pasteAndMatchStyle },
        { role: 'selectAll', label: texts.selectAll },
      ],
    },
    {
      // The window role lets macOS list the open windows in this menu.
      role: 'window',
      label: texts.window,
      submenu: [
        { role: 'minimize', label: texts.minimize },
        { role: 'close', label: texts.close },
      ],
    },
    {
      // The help role gives macOS's own search field at the top of this menu.
      role: 'help',
      label: texts.help,
      submenu: [{ label: texts.copyDiagnostics, click: copyDiagnostics }],
    },
  ];
}

/** For the engineers running `npm run dev` only, so it keeps the roles' own English labels. */
const DEVELOPER_MENU: MenuItemConstructorOptions = {
  label: 'Developer',
  submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
};
