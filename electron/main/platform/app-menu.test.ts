import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../../../shared/lang';
import { MENU_TEXTS } from '../texts/menu-texts';

const electron = vi.hoisted(() => ({
  Menu: {
    buildFromTemplate: vi.fn((template: MenuItemConstructorOptions[]) => ({ template })),
    setApplicationMenu: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { setAppMenu } = await import('./app-menu');

const { Menu } = electron;
const copyDiagnostics = vi.fn();
const packaged = (platform: NodeJS.Platform) => ({ platform, isPackaged: true, copyDiagnostics });

/** The menu bar the app set last: null when it has none. */
function menuBar() {
  const menu = Menu.setApplicationMenu.mock.calls.at(-1)![0] as { template: MenuItemConstructorOptions[] } | null;
  return menu?.template ?? null;
}

/** Each menu's title with its items as [role, label], separators left out. */
function outline() {
  return menuBar()!.map((menu) => ({
    title: menu.label,
    items: (menu.submenu as MenuItemConstructorOptions[])
      .filter((item) => item.type !== 'separator')
      .map((item) => [item.role, item.label]),
  }));
}

/** Every item of every menu, separators left out. */
const items = () =>
  menuBar()!.flatMap((menu) => (menu.submenu as MenuItemConstructorOptions[]).filter((item) => item.type !== 'separator'));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('app menu', () => {
  it.each(['win32', 'linux'] as const)('%s: a packaged app has no menu bar at all', (platform) => {
    setAppMenu(packaged(platform), 'es');
    expect(Menu.setApplicationMenu).toHaveBeenCalledExactlyOnceWith(null);
    expect(Menu.buildFromTemplate).not.toHaveBeenCalled();
  });

  it("macOS: the app menu, Edit and Window, every item a native role labelled in the member's language", () => {
    setAppMenu(packaged('darwin'), 'es');
    expect(outline()).toEqual([
      {
        title: 'Staff Desk',
        items: [
          ['about', 'Acerca de Staff Desk'],
          ['hide', 'Ocultar Staff Desk'],
          ['hideOthers', 'Ocultar otros'],
          ['unhide', 'Mostrar todo'],
          ['quit', 'Salir de Staff Desk'],
        ],
      },
      {
        title: 'Edición',
        items: [
          ['undo', 'Deshacer'],
          ['redo', 'Rehacer'],
          ['cut', 'Cortar'],
          ['copy', 'Copiar'],
          ['paste', 'Pegar'],
          ['pasteAndMatchStyle', 'Pegar y adaptar estilo'],
          ['selectAll', 'Seleccionar todo'],
        ],
      },
      {
        title: 'Ventana',
        items: [
          ['minimize', 'Minimizar'],
          ['close', 'Cerrar'],
        ],
      },
      { title: 'Ayuda', items: [[undefined, 'Copiar diagnóstico']] },
    ]);
  });

  it('TP4 macOS: Help > Copy diagnostics runs the copy the channel runs', () => {
    setAppMenu(packaged('darwin'), 'en');
    const help = menuBar()!.at(-1)!;
    expect(help.role).toBe('help');
    const [copy] = help.submenu as MenuItemConstructorOptions[];
    expect(copy!.label).toBe('Copy Diagnostics');
    (copy!.click as () => void)();
    expect(copyDiagnostics).toHaveBeenCalledOnce();
  });

  it.each(LANGS)('macOS in %s: nothing reloads the page or opens DevTools, and no item but Help\'s runs code of its own', (lang) => {
    setAppMenu(packaged('darwin'), lang);
    const roles = items().map((item) => item.role);
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('forceReload');
    expect(roles).not.toContain('toggleDevTools');
    expect(items().at(-1)!.label).toBe(MENU_TEXTS[lang].copyDiagnostics);
    for (const item of items().slice(0, -1)) {
      expect(item.role, item.label).toBeDefined();
      expect(item.click, item.label).toBeUndefined();
      expect(item.label?.trim(), item.role).toBeTruthy();
    }
    expect(items()).toContainEqual({ role: 'paste', label: MENU_TEXTS[lang].paste });
  });

  it('macOS: is rebuilt in the language the member chooses', () => {
    setAppMenu(packaged('darwin'), 'es');
    setAppMenu(packaged('darwin'), 'fr');
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(2);
    expect(outline().map((menu) => menu.title)).toEqual(['Staff Desk', 'Édition', 'Fenêtre', 'Aide']);
    expect(outline()[1]!.items).toContainEqual(['paste', 'Coller']);
    expect(outline()[0]!.items).toContainEqual(['quit', 'Quitter Staff Desk']);
  });

  it.each(['win32', 'linux', 'darwin'] as const)('%s: only `npm run dev` can reload and open DevTools', (platform) => {
    setAppMenu({ platform, isPackaged: false, copyDiagnostics }, 'en');
    const developer = menuBar()!.at(-1)!;
    expect(developer.label).toBe('Developer');
    expect((developer.submenu as MenuItemConstructorOptions[]).map((item) => item.role)).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
    ]);
    expect(menuBar()).toHaveLength(platform === 'darwin' ? 5 : 1);
  });
});
