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

/** English collation is Unicode's default order, untailored: scripts in the standard's order, then letter by letter. */
const DEFAULT_COLLATION = new Intl.Collator('en');

/**
 * The order a language list shows them: by their own names in Unicode's default order, so Latin scripts come
 * first, then Cyrillic, Arabic and Chinese, alphabetically within each (English, Español, Français, Монгол,
 * Русский, العربية, 中文), as multilingual lists such as Wikipedia's do. It is the same in every UI language, so
 * the list does not reorder under a member who has just switched.
 */
export const LANGS_BY_NAME: readonly Lang[] = [...LANGS].sort((a, b) => DEFAULT_COLLATION.compare(LANG_NATIVE_NAMES[a], LANG_NATIVE_NAMES[b]));

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
