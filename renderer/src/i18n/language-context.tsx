import type { i18n } from 'i18next';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANG, textDirection, type Lang } from '../../../shared/lang';
import type { AppError, Result } from '../../../shared/result';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { Settings } from '../../../shared/settings';
import { useApi } from '../api';
import { createI18n, loadLanguage } from './create-i18n';

export interface LanguageState {
  /** The member's choice; null follows the operating system. */
  readonly preference: Lang | null;
  readonly systemLang: Lang;
  /** The language the UI speaks now: the choice, else the system's (G5: the Assistant answers in it). */
  readonly lang: Lang;
  /** Why the stored choice could not be read at start, if it could not. */
  readonly loadError: AppError | null;
  /** Switches the UI at once and stores the choice; on failure the previous language comes back. */
  choose(preference: Lang | null): Promise<Result<Settings>>;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = use(LanguageContext);
  if (!state) throw new Error('useLanguage() needs a <LanguageProvider> above it.');
  return state;
}

/** What a window knows of its language before its first paint. */
export interface LanguageStart {
  readonly systemLang: Lang;
  /** The stored choice, read before the first paint; null follows the system (or could not be read). */
  readonly storedLang: Lang | null;
  /** Already speaking the member's language. */
  readonly i18n: i18n;
}

/**
 * Reads the member's stored choice and loads that language before a window renders anything, so that it never
 * paints a word in another language first.
 */
export async function startLanguage(api: AppApi, systemLang: Lang): Promise<LanguageStart> {
  const stored = await api.settings.get();
  const storedLang = stored.ok ? stored.value.language : null;
  const lang = storedLang ?? systemLang;
  const i18n = await createI18n(lang);
  // The page's direction too, before its first paint: Arabic is never drawn left to right first.
  setPageLanguage(i18n.language === lang ? lang : FALLBACK_LANG);
  return { systemLang, storedLang, i18n };
}

function setPageLanguage(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
}

interface LanguageProviderProps {
  readonly systemLang: Lang;
  /** The choice read before the first paint (startLanguage), until the provider's own read says otherwise. */
  readonly storedLang?: Lang | null;
  readonly children: ReactNode;
}

/**
 * Owns the UI language: reads the stored choice at start, applies it to i18next and to <html lang/dir> (so
 * Arabic lays out right to left) once its catalogue has loaded, and stores new choices through settings:update.
 */
export function LanguageProvider({ systemLang, storedLang = null, children }: LanguageProviderProps) {
  const api = useApi();
  const { i18n } = useTranslation();
  const [preference, setPreference] = useState<Lang | null>(storedLang);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const current = preference ?? systemLang;

  useEffect(() => {
    let live = true;
    void api.settings.get().then((result) => {
      if (!live) return;
      if (result.ok) setPreference(result.value.language);
      else setLoadError(result.error);
    });
    return () => {
      live = false;
    };
  }, [api]);

  // A language not loaded yet is switched to once it is: until then the UI keeps speaking the previous one, rather
  // than falling back to English for a moment.
  useEffect(() => {
    let live = true;
    const speak = () => {
      void i18n.changeLanguage(current);
      setPageLanguage(current);
    };
    if (i18n.hasResourceBundle(current, 'translation')) speak();
    else
      void loadLanguage(i18n, current).then((loaded) => {
        if (live && loaded) speak();
      });
    return () => {
      live = false;
    };
  }, [i18n, current]);

  // Arrow keys in the language list choose again before main has stored the last choice: only the newest may settle.
  const latestChoice = useRef(0);
  const choose = useCallback(
    async (next: Lang | null) => {
      const choice = ++latestChoice.current;
      const previous = preference;
      setPreference(next);
      const result = await api.settings.update({ language: next });
      if (choice !== latestChoice.current) return result;
      setPreference(result.ok ? result.value.language : previous);
      if (result.ok) setLoadError(null);
      return result;
    },
    [api, preference],
  );

  const state = useMemo(
    () => ({ preference, systemLang, lang: current, loadError, choose }),
    [preference, systemLang, current, loadError, choose],
  );
  return <LanguageContext value={state}>{children}</LanguageContext>;
}
