import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { Lang } from '../../../shared/lang';
import { ApiContext } from '../api';
import { AppProviders } from '../app-providers';

/** Renders `ui` inside what the app provides around every pane: the api, the language, the platform, the session. */
export function renderWithApp(ui: ReactElement, { api, systemLang = 'en' }: { api: AppApi; systemLang?: Lang }) {
  return render(
    <ApiContext value={api}>
      <AppProviders systemLang={systemLang}>{ui}</AppProviders>
    </ApiContext>,
  );
}
