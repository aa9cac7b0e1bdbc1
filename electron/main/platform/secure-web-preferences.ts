import type { WebPreferences } from 'electron';

/**
 * The Electron security checklist as one set of web preferences: every window the app opens starts from these
 * (its own page and the sign-in page alike) and may only add to them (a preload, a partition).
 */
export function secureWebPreferences(env: { isPackaged: boolean }) {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    // Chromium's experimental web platform features stay off (Electron's default, said where it is checked).
    experimentalFeatures: false,
    // What the member types (questions, addresses, passwords) stays away from any spelling service.
    spellcheck: false,
    // DevTools would let anyone at the desk read and drive the page; only `npm run dev` keeps them.
    devTools: !env.isPackaged,
  } as const satisfies WebPreferences;
}
