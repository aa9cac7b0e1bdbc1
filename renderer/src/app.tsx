import type { Lang } from '../../shared/lang';
import { AppProviders } from './app-providers';
import { Shell } from './shell/shell';

export function App({ systemLang }: { systemLang: Lang }) {
  return (
    <AppProviders systemLang={systemLang}>
      <Shell />
    </AppProviders>
  );
}
