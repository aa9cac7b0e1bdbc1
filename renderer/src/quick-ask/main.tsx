import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { matchLang } from '../../../shared/lang';
import { ApiContext, windowApi } from '../api';
import { startLanguage } from '../i18n/language-context';
import { QuickAsk } from './quick-ask';
import { ConversationProviders } from '../conversation-providers';
import '../styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/quick-ask.html must contain <div id="root">.');

const api = windowApi();

// As the main window: nothing is drawn until the member's language has loaded.
void startLanguage(api, matchLang(navigator.languages)).then(({ systemLang, storedLang, i18n }) =>
  createRoot(container).render(
    <StrictMode>
      <ApiContext value={api}>
        <I18nextProvider i18n={i18n}>
          <ConversationProviders systemLang={systemLang} storedLang={storedLang}>
            <QuickAsk />
          </ConversationProviders>
        </I18nextProvider>
      </ApiContext>
    </StrictMode>,
  ),
);
