import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { Lang } from '../../../shared/lang';
import { ApiContext } from '../api';
import { AppProviders } from '../app-providers';
import { CaptureContext, type CaptureKit } from '../audio/capture-context';

interface RenderOptions {
  api: AppApi;
  systemLang?: Lang;
  /** Live captions' capture, in place of the browser's (which needs a microphone and the VAD model). */
  capture?: CaptureKit;
}

/** Renders `ui` inside what the app provides around every pane: the api, the language, the platform, the session. */
export function renderWithApp(ui: ReactElement, { api, systemLang = 'en', capture }: RenderOptions) {
  const app = (
    <ApiContext value={api}>
      <AppProviders systemLang={systemLang}>{ui}</AppProviders>
    </ApiContext>
  );
  return render(capture ? <CaptureContext value={capture}>{app}</CaptureContext> : app);
}
