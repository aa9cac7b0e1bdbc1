import type { Lang } from '../../../shared/lang';
import type { PartialCatalog } from './catalog';
import { en } from './locales/en';

/**
 * English, the fallback of every other language, is bundled with the first paint; each other language is a chunk of
 * its own (they are most of the window's script), loaded from the app's own files before the UI speaks it.
 */
const otherCatalogs: Record<Exclude<Lang, 'en'>, () => Promise<PartialCatalog>> = {
  mn: () => import('./locales/mn').then((module) => module.mn),
  ar: () => import('./locales/ar').then((module) => module.ar),
  zh: () => import('./locales/zh').then((module) => module.zh),
  fr: () => import('./locales/fr').then((module) => module.fr),
  ru: () => import('./locales/ru').then((module) => module.ru),
  es: () => import('./locales/es').then((module) => module.es),
};

/** `lang`'s catalogue: English at once, any other once its chunk has loaded. */
export function loadCatalog(lang: Lang): Promise<PartialCatalog> {
  return lang === 'en' ? Promise.resolve(en) : otherCatalogs[lang]();
}
