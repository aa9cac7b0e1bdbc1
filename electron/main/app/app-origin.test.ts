import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN, isTrustedUrl, originOf, paneUrl, rendererSource, settingsUrl } from './app-origin';

describe('app origin', () => {
  it('names the origin of custom-scheme and web URLs, and nothing for URLs without one', () => {
    expect(originOf('app://staff-desk/index.html?x=1#y')).toBe(APP_ORIGIN);
    expect(originOf('app://staff-desk')).toBe(APP_ORIGIN);
    expect(originOf('http://localhost:5173/src/main.tsx')).toBe('http://localhost:5173');
    for (const raw of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'about:blank', 'not a url', '']) {
      expect(originOf(raw)).toBeNull();
    }
  });

  it('trusts only exact origins, not look-alike hosts or ports', () => {
    const origins = [APP_ORIGIN];
    expect(isTrustedUrl('app://staff-desk/settings', origins)).toBe(true);
    for (const raw of [
      'app://staff-desk.evil.com/',
      'app://staff-desk:8080/',
      'app://other/',
      'https://staff-desk/',
      'file:///staff-desk/index.html',
    ]) {
      expect(isTrustedUrl(raw, origins)).toBe(false);
    }
  });

  it('loads the app scheme when packaged, even if a dev server URL is in the environment', () => {
    expect(rendererSource({ devServerUrl: 'http://localhost:5173', isPackaged: true })).toEqual({
      url: APP_ENTRY_URL,
      origins: [APP_ORIGIN],
    });
    expect(rendererSource({ devServerUrl: undefined, isPackaged: false })).toEqual({
      url: APP_ENTRY_URL,
      origins: [APP_ORIGIN],
    });
  });

  it('in development loads the dev server and trusts its origin as well', () => {
    expect(rendererSource({ devServerUrl: 'http://localhost:5173', isPackaged: false })).toEqual({
      url: 'http://localhost:5173',
      origins: [APP_ORIGIN, 'http://localhost:5173'],
    });
  });

  it('ignores a dev server URL that has no origin', () => {
    expect(rendererSource({ devServerUrl: 'file:///tmp/index.html', isPackaged: false }).url).toBe(APP_ENTRY_URL);
  });

  it('points the Settings pane at the page that is already loaded', () => {
    expect(settingsUrl(APP_ENTRY_URL)).toBe('app://staff-desk/#/settings');
    expect(settingsUrl('http://localhost:5173')).toBe('http://localhost:5173/#/settings');
    expect(paneUrl(APP_ENTRY_URL, 'secretary')).toBe('app://staff-desk/#/secretary');
  });
});
