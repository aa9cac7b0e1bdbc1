import type { Lang } from '../../shared/lang';
import { LanguageProvider } from './i18n/language-context';
import { Shell } from './shell/shell';
import { PlatformProvider } from './ui/platform-context';

export function App({ systemLang }: { systemLang: Lang }) {
  return (
    <LanguageProvider systemLang={systemLang}>
      <PlatformProvider>
        <Shell />
      </PlatformProvider>
    </LanguageProvider>
  );
}
