import type { Menu } from 'electron';
import type { Result } from '../../../shared/result';
import type { SecretName } from '../../../shared/secrets';
import { forgetSecrets, type SmokeRun } from './smoke-run';

/**
 * What the real-Electron smoke suite (RD1, test/electron/) cannot see from outside: the tray's menu (no Electron
 * API lists it) and the keychain as the app reaches it. Put on main's global object, where Playwright's
 * `electronApp.evaluate` finds it, and only in an unpackaged app started with `STAFF_DESK_SMOKE_PROBE=1`: a packaged
 * app never has it (nor the inspector the suite would reach it through: its fuses refuse that).
 */
export const SMOKE_PROBE_KEY = '__staffDeskSmokeProbe';
/** The smoke run's secret store: keytar as the app loads it, under the run's own keychain entries (smoke-run.ts). */
export interface ProbeSecretStore {
  get(name: SecretName): Promise<Result<string | null>>;
  set(name: SecretName, value: string): Promise<Result<void>>;
  delete(name: SecretName): Promise<Result<void>>;
}

export interface SmokeProbeDeps {
  trayMenu: () => Menu | null;
  keychain: ProbeSecretStore;
  /** The start's figures so far (RD4), for the suite to record per system. */
  startup: () => unknown;
}

export interface TrayItem {
  id: string;
  label: string;
  enabled: boolean;
}

export interface SmokeProbe {
  /** The tray's menu as the member would see it now (separators left out). */
  trayItems(): TrayItem[];
  /** Clicks the tray's entry with this id (its action: 'ask', 'open'...), as the member would; false if none. */
  clickTray(id: string): boolean;
  /**
   * Writes a Gemini key into the run's keychain entries, reads it back and removes it: what each step saw. It leaves
   * the run with no key, so a test calls it before storing one of its own.
   */
  keychainRoundTrip(): Promise<{ stored: boolean; readBack: boolean; removed: boolean }>;
  /** Removes what the app stored in the keychain during the run (a key typed into Settings); false if any stayed. */
  forgetSecrets(): Promise<boolean>;
  startup(): unknown;
}

export function createSmokeProbe(deps: SmokeProbeDeps): SmokeProbe {
  const items = () => (deps.trayMenu()?.items ?? []).filter((item) => item.type !== 'separator');
  return {
    trayItems: () => items().map((item) => ({ id: item.id, label: item.label, enabled: item.enabled })),
    clickTray(id) {
      const item = items().find((candidate) => candidate.id === id);
      if (!item) return false;
      item.click();
      return true;
    },
    async keychainRoundTrip() {
      const value = `smoke-${process.pid}-${Date.now()}`;
      const stored = (await deps.keychain.set('gemini.apiKey', value)).ok;
      const read = await deps.keychain.get('gemini.apiKey');
      const readBack = read.ok && read.value === value;
      const removed = (await deps.keychain.delete('gemini.apiKey')).ok;
      const after = await deps.keychain.get('gemini.apiKey');
      return { stored, readBack, removed: removed && after.ok && after.value === null };
    },
    forgetSecrets: () => forgetSecrets(deps.keychain),
    startup: deps.startup,
  };
}

/** Puts the probe on `target` when, and only when, this is a smoke run (smoke-run.ts). */
export function exposeSmokeProbe(
  run: SmokeRun | null,
  make: () => SmokeProbe,
  target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): boolean {
  if (run === null) return false;
  target[SMOKE_PROBE_KEY] = make();
  return true;
}
