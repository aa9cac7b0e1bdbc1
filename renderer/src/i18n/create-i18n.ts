import i18next, { type i18n } from 'i18next';
import { FALLBACK_LANG, LANGS, type Lang } from '../../../shared/lang';
import { loadCatalog } from './resources';

const NAMESPACE = 'translation';

/**
 * Adds `lang`'s catalogue to `instance` unless it is there already. False when its chunk could not be loaded (the
 * app's own files, so only a damaged install): the UI then keeps the language it speaks.
 */
export async function loadLanguage(instance: i18n, lang: Lang): Promise<boolean> {
  if (instance.hasResourceBundle(lang, NAMESPACE)) return true;
  try {
    instance.addResourceBundle(lang, NAMESPACE, await loadCatalog(lang));
    return true;
  } catch {
    return false;
  }
}

/**
 * An i18next instance speaking `lang`, ready once that language's catalogue and English (its fallback) are loaded;
 * any other language is loaded by loadLanguage before the UI switches to it.
 */
export async function createI18n(lang: Lang): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: FALLBACK_LANG,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: LANGS,
    resources: { [FALLBACK_LANG]: { [NAMESPACE]: await loadCatalog(FALLBACK_LANG) } },
    initAsync: false,
    // React escapes what it renders; escaping here too would show entities such as &#39; to the member.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (await loadLanguage(instance, lang)) await instance.changeLanguage(lang);
  return instance;
}
