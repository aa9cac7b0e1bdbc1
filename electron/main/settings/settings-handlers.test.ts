import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { CallContext } from '../ipc/registry';
import { openDatabase } from '../store/open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { settingsHandlers } from './settings-handlers';
import { createSettingsStore } from './settings-store';

const ctx: CallContext = {
  sender: { id: 'window-1', url: 'app://staff-desk/index.html', isMainFrame: true, send: () => undefined },
  signal: new AbortController().signal,
  member: null,
};

function handlers() {
  const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
  return settingsHandlers({ settings: createSettingsStore(db) });
}

describe('settings handlers', () => {
  it('returns the current settings in the shape the contract promises', async () => {
    const result = await handlers()['settings:get']({}, ctx);

    expect(result).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    if (result.ok) expect(contract['settings:get'].output.safeParse(result.value).success).toBe(true);
  });

  it('applies an update and reads it back', async () => {
    const h = handlers();

    const updated = await h['settings:update']({ language: 'ru' }, ctx);

    expect(updated).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, language: 'ru' } });
    if (updated.ok) expect(contract['settings:update'].output.safeParse(updated.value).success).toBe(true);
    expect(await h['settings:get']({}, ctx)).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, language: 'ru' } });
  });
});
