import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { matchLang } from '../../shared/lang';
import { ApiContext, windowApi } from './api';
import { App } from './app';
import { startLanguage } from './i18n/language-context';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html must contain <div id="root">.');

const api = windowApi();

// Nothing is drawn until the member's language has loaded: no word of English first.
void startLanguage(api, matchLang(navigator.languages)).then(({ systemLang, storedLang, i18n }) =>
  createRoot(container).render(
    <StrictMode>
      <ApiContext value={api}>
        <I18nextProvider i18n={i18n}>
          <App systemLang={systemLang} storedLang={storedLang} />
        </I18nextProvider>
      </ApiContext>
    </StrictMode>,
  ),
);
