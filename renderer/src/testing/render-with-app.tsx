import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppApi } from '../../../shared/ipc/app-api';
import type { Lang } from '../../../shared/lang';
import { ApiContext } from '../api';
import { AppProviders } from '../app-providers';
import { SegmenterContext, type SegmenterKit } from '../audio/segmenter-context';

interface RenderOptions {
  api: AppApi;
  systemLang?: Lang;
  /** Live captions' recorder, in place of the browser's (which needs a microphone and the VAD model). */
  segmenter?: SegmenterKit;
}

/** Renders `ui` inside what the app provides around every pane: the api, the language, the platform, the session. */
export function renderWithApp(ui: ReactElement, { api, systemLang = 'en', segmenter }: RenderOptions) {
  const app = (
    <ApiContext value={api}>
      <AppProviders systemLang={systemLang}>{ui}</AppProviders>
    </ApiContext>
  );
  return render(segmenter ? <SegmenterContext value={segmenter}>{app}</SegmenterContext> : app);
}
