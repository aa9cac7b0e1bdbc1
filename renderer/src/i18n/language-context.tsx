import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection, type Lang } from '../../../shared/lang';
import type { AppError, Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import { useApi } from '../api';

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

/**
 * Owns the UI language: reads the stored choice at start, applies it to i18next and to <html lang/dir> (so
 * Arabic lays out right to left), and stores new choices through settings:update.
 */
export function LanguageProvider({ systemLang, children }: { systemLang: Lang; children: ReactNode }) {
  const api = useApi();
  const { i18n } = useTranslation();
  const [preference, setPreference] = useState<Lang | null>(null);
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

  useEffect(() => {
    void i18n.changeLanguage(current);
    document.documentElement.lang = current;
    document.documentElement.dir = textDirection(current);
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
