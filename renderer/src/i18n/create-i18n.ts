import i18next, { type i18n } from 'i18next';
import { FALLBACK_LANG, LANGS, type Lang } from '../../../shared/lang';
import { catalogs } from './resources';

/** A ready i18next instance: the catalogues are bundled, so it initialises synchronously. */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: LANGS,
    resources: Object.fromEntries(LANGS.map((code) => [code, { translation: catalogs[code] }])),
    initAsync: false,
    // React escapes what it renders; escaping here too would show entities such as &#39; to the member.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
