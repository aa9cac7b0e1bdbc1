import type { Lang } from '../../../shared/lang';

/** The tray icon's menu and tooltip. The app's name stays "Staff Desk" in every language, as in the window. */
export interface TrayTexts {
  open: string;
  settings: string;
  quit: string;
  /** The tooltip while the microphone is live (the icon shows a dot then). */
  microphoneOn: string;
}

export const TRAY_TEXTS: Record<Lang, TrayTexts> = {
  en: { open: 'Open Staff Desk', settings: 'Settings', quit: 'Quit', microphoneOn: 'Staff Desk — microphone on' },
  es: { open: 'Abrir Staff Desk', settings: 'Ajustes', quit: 'Salir', microphoneOn: 'Staff Desk — micrófono activado' },
  fr: { open: 'Ouvrir Staff Desk', settings: 'Paramètres', quit: 'Quitter', microphoneOn: 'Staff Desk — micro activé' },
  ru: { open: 'Открыть Staff Desk', settings: 'Настройки', quit: 'Выход', microphoneOn: 'Staff Desk — микрофон включён' },
  zh: { open: '打开 Staff Desk', settings: '设置', quit: '退出', microphoneOn: 'Staff Desk — 麦克风已开启' },
  ar: { open: 'فتح Staff Desk', settings: 'الإعدادات', quit: 'إنهاء', microphoneOn: 'Staff Desk — الميكروفون قيد التشغيل' },
  mn: { open: 'Staff Desk-ийг нээх', settings: 'Тохиргоо', quit: 'Гарах', microphoneOn: 'Staff Desk — микрофон асаалттай' },
};
