import { mountInLanguage } from '../i18n/mount-in-language';
import { QuickAsk } from './quick-ask';
import { ConversationProviders } from '../conversation-providers';
import '../styles/base.css';

// As the main window: nothing is drawn until the member's language has loaded.
mountInLanguage('renderer/quick-ask.html', ({ systemLang, storedLang }) => (
  <ConversationProviders systemLang={systemLang} storedLang={storedLang}>
    <QuickAsk />
  </ConversationProviders>
));
