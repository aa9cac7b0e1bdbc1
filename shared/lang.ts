/** The languages the UI and the assistant speak (seeds 004: mn, en, ar, zh, fr, ru, es). */
export const LANGS = ['mn', 'en', 'ar', 'zh', 'fr', 'ru', 'es'] as const;
export type Lang = (typeof LANGS)[number];

export const RTL_LANGS: ReadonlySet<Lang> = new Set<Lang>(['ar']);

/** Each language named in itself, as a language picker should show it. */
export const LANG_NATIVE_NAMES: Record<Lang, string> = {
  mn: 'Монгол',
  en: 'English',
  ar: 'العربية',
  zh: '中文',
  fr: 'Français',
  ru: 'Русский',
  es: 'Español',
};

export const FALLBACK_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function textDirection(lang: Lang): 'rtl' | 'ltr' {
  return RTL_LANGS.has(lang) ? 'rtl' : 'ltr';
}

/** Picks the first supported language from BCP 47 tags such as "es-ES" or "zh-Hans-CN"; else the fallback. */
export function matchLang(tags: readonly string[]): Lang {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLang(primary)) return primary;
  }
  return FALLBACK_LANG;
}
