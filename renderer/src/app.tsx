import type { Lang } from '../../shared/lang';
import { LanguageProvider } from './i18n/language-context';
import { Shell } from './shell/shell';

export function App({ systemLang }: { systemLang: Lang }) {
  return (
    <LanguageProvider systemLang={systemLang}>
      <Shell />
    </LanguageProvider>
  );
}
