import { expect } from 'vitest';

/**
 * The Electron security checklist (docs/security.md), asserted value by value on a window's web preferences: every
 * window the app opens must carry all of it, whatever it adds (a preload, a partition).
 */
/** The checklist's fields of Electron's WebPreferences (typed here without importing electron: test support). */
interface ChecklistFields {
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
  nodeIntegrationInWorker?: boolean;
  nodeIntegrationInSubFrames?: boolean;
  webSecurity?: boolean;
  allowRunningInsecureContent?: boolean;
  webviewTag?: boolean;
  experimentalFeatures?: boolean;
  enableBlinkFeatures?: string;
  spellcheck?: boolean;
}

export function expectElectronChecklist(prefs: ChecklistFields): void {
  expect(prefs.contextIsolation).toBe(true);
  expect(prefs.sandbox).toBe(true);
  expect(prefs.nodeIntegration).toBe(false);
  expect(prefs.nodeIntegrationInWorker).toBe(false);
  expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  expect(prefs.webSecurity).toBe(true);
  expect(prefs.allowRunningInsecureContent).toBe(false);
  expect(prefs.webviewTag).toBe(false);
  expect(prefs.experimentalFeatures).toBe(false);
  expect(prefs.enableBlinkFeatures).toBeUndefined();
  expect(prefs.spellcheck).toBe(false);
}
