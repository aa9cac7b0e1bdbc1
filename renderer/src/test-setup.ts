import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import { createI18n } from './i18n/create-i18n';

// How long findBy and waitFor wait for the screen to settle: generous, for a loaded CI machine (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

// Components under test find this instance without a provider, the way the app's provider hands them its own.
const i18n = await createI18n('en');
setI18n(i18n);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  // The shell keeps the open pane in the URL fragment: each test starts from a bare URL.
  window.history.replaceState(null, '', '/');
});
