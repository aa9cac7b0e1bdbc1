import type { Lang } from '../../shared/lang';
import { AppProviders } from './app-providers';
import { Shell } from './shell/shell';

export function App({ systemLang, storedLang }: { systemLang: Lang; storedLang: Lang | null }) {
  return (
    <AppProviders systemLang={systemLang} storedLang={storedLang}>
      <Shell />
    </AppProviders>
  );
}
