import { App } from './app';
import { mountInLanguage } from './i18n/mount-in-language';
import './styles/base.css';

mountInLanguage('renderer/index.html', ({ systemLang, storedLang }) => <App systemLang={systemLang} storedLang={storedLang} />);
