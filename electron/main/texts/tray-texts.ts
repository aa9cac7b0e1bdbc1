import type { Lang } from '../../../shared/lang';

/** The tray icon's menu. The app's name stays "Staff Desk" in every language, as in the window. */
export interface TrayTexts {
  open: string;
  settings: string;
  quit: string;
}

export const TRAY_TEXTS: Record<Lang, TrayTexts> = {
  en: { open: 'Open Staff Desk', settings: 'Settings', quit: 'Quit' },
  es: { open: 'Abrir Staff Desk', settings: 'Ajustes', quit: 'Salir' },
  fr: { open: 'Ouvrir Staff Desk', settings: 'Paramètres', quit: 'Quitter' },
  ru: { open: 'Открыть Staff Desk', settings: 'Настройки', quit: 'Выход' },
  zh: { open: '打开 Staff Desk', settings: '设置', quit: '退出' },
  ar: { open: 'فتح Staff Desk', settings: 'الإعدادات', quit: 'إنهاء' },
  mn: { open: 'Staff Desk-ийг нээх', settings: 'Тохиргоо', quit: 'Гарах' },
};
