import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { matchLang } from '../../../shared/lang';
import { ApiContext, windowApi } from '../api';
import { createI18n } from '../i18n/create-i18n';
import { QuickAsk } from './quick-ask';
import { ConversationProviders } from '../conversation-providers';
import '../styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/quick-ask.html must contain <div id="root">.');

const systemLang = matchLang(navigator.languages);

createRoot(container).render(
  <StrictMode>
    <ApiContext value={windowApi()}>
      <I18nextProvider i18n={createI18n(systemLang)}>
        <ConversationProviders systemLang={systemLang}>
          <QuickAsk />
        </ConversationProviders>
      </I18nextProvider>
    </ApiContext>
  </StrictMode>,
);
