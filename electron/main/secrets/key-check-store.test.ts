import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KeyCheck } from '../../../shared/secrets';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createSettingsStore } from '../settings/settings-store';
import { openDatabase } from '../store/open-database';
import { createKeyCheckStore } from './key-check-store';

const FAILED: KeyCheck = {
  outcome: 'failed',
  checkedAt: Date.UTC(2026, 11, 1, 9, 30),
  error: { code: 'NOT_CONFIGURED', message: 'Google refused the Gemini API key. Check it in Settings.', reason: 'invalid_key' },
};

describe('key check store', () => {
  it('keeps the last check across a restart, and forgets it when cleared', () => {
    const file = join(makeTempDir(), 'app.db');
    const db = expectOpened(openDatabase(file));
    expect(createKeyCheckStore(db).get()).toBeNull();
    createKeyCheckStore(db).set(FAILED);
    db.close();

    const reopened = expectOpened(openDatabase(file));
    const store = createKeyCheckStore(reopened);
    expect(store.get()).toEqual(FAILED);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('reads a row it cannot understand as no check, and is no setting', () => {
    const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('gemini.keyCheck', '{\"outcome\":\"maybe\"}', 'now')").run();
    expect(createKeyCheckStore(db).get()).toBeNull();
    createKeyCheckStore(db).set(FAILED);
    expect(createSettingsStore(db).get()).toEqual(DEFAULT_SETTINGS);
  });
});
