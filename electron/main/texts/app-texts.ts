import type { Lang } from '../../../shared/lang';

/** The app's last word when a bug stops it from starting (the box's text is the error itself). */
export interface AppTexts {
  couldNotStart: string;
}

export const APP_TEXTS: Record<Lang, AppTexts> = {
  en: { couldNotStart: 'Staff Desk could not start' },
  es: { couldNotStart: 'Staff Desk no ha podido iniciarse' },
  fr: { couldNotStart: "Staff Desk n'a pas pu démarrer" },
  ru: { couldNotStart: 'Не удалось запустить Staff Desk' },
  zh: { couldNotStart: 'Staff Desk 无法启动' },
  ar: { couldNotStart: 'تعذّر تشغيل Staff Desk' },
  mn: { couldNotStart: 'Staff Desk-ийг эхлүүлж чадсангүй' },
};
