import type { WebPreferences } from 'electron';

/**
 * The Electron security checklist as one set of web preferences: every window the app opens starts from these
 * (its own page and the sign-in page alike) and may only add to them (a preload, a partition).
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  // What the member types (questions, addresses, passwords) stays away from any spelling service.
  spellcheck: false,
} as const satisfies WebPreferences;
