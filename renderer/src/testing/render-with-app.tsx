import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { Lang } from '../../../shared/lang';
import { ApiContext } from '../api';
import { LanguageProvider } from '../i18n/language-context';
import { PlatformProvider } from '../ui/platform-context';

/** Renders `ui` inside what the app provides around every pane: the api, the language and the platform. */
export function renderWithApp(ui: ReactElement, { api, systemLang = 'en' }: { api: AppApi; systemLang?: Lang }) {
  return render(
    <ApiContext value={api}>
      <LanguageProvider systemLang={systemLang}>
        <PlatformProvider>{ui}</PlatformProvider>
      </LanguageProvider>
    </ApiContext>,
  );
}
