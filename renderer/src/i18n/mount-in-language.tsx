import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { matchLang } from '../../../shared/lang';
import { ApiContext, windowApi } from '../api';
import { startLanguage, type LanguageStart } from './language-context';

/**
 * Draws a window's page into its #root once the member's language has loaded, so that no window paints a word of
 * another language first; `page` names the HTML file for the error a page without a root is.
 */
export function mountInLanguage(page: string, draw: (start: LanguageStart) => ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error(`${page} must contain <div id="root">.`);
  const api = windowApi();
  void startLanguage(api, matchLang(navigator.languages)).then((start) =>
    createRoot(container).render(
      <StrictMode>
        <ApiContext value={api}>
          <I18nextProvider i18n={start.i18n}>{draw(start)}</I18nextProvider>
        </ApiContext>
      </StrictMode>,
    ),
  );
}
