import { describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import type { StoreOpenError } from '../store/open-database';
import { openDatabaseWithRecovery, type RecoveryPrompt } from './database-recovery';

const FILE = '/home/me/.config/Staff Desk/staff-desk.sqlite3';
const DB = { name: 'the database' };

function failure(kind: StoreOpenError['kind']) {
  return { ok: false as const, error: { kind, file: FILE, message: `The database is ${kind}: ${FILE}.` } };
}

type Outcome = ReturnType<typeof failure> | { ok: true; db: typeof DB };

function setup(outcomes: Outcome[], clicks: number[]) {
  const prompts: RecoveryPrompt[] = [];
  const deps = {
    open: vi.fn((): Outcome => outcomes.shift() ?? { ok: true, db: DB }),
    quarantine: vi.fn((file: string) => `${file}.corrupt-2025-01-01`),
    ask: vi.fn(async (prompt: RecoveryPrompt) => {
      prompts.push(prompt);
      return clicks.shift() ?? 0;
    }),
    log: createMemoryLogger(),
  };
  return { deps, prompts };
}

describe('opening the database at start', () => {
  it('opens without asking anything when the file is fine', async () => {
    const { deps } = setup([], []);
    expect(await openDatabaseWithRecovery(deps)).toBe(DB);
    expect(deps.ask).not.toHaveBeenCalled();
  });

  it('offers to start fresh from a damaged file, keeping it aside, then opens a new one', async () => {
    const { deps, prompts } = setup([failure('corrupt')], [0]);
    expect(await openDatabaseWithRecovery(deps)).toBe(DB);
    expect(prompts[0]).toMatchObject({
      detail: `The database is corrupt: ${FILE}.`,
      buttons: ['Start fresh (keep the damaged file aside)', 'Quit'],
    });
    expect(deps.quarantine).toHaveBeenCalledWith(FILE);
    expect(deps.open).toHaveBeenCalledTimes(2);
  });

  it('quits without touching a damaged file when the member chooses Quit', async () => {
    const { deps } = setup([failure('corrupt')], [1]);
    expect(await openDatabaseWithRecovery(deps)).toBeNull();
    expect(deps.quarantine).not.toHaveBeenCalled();
  });

  it('offers only Quit for a locked, newer or unwritable file, and never moves it', async () => {
    for (const kind of ['locked', 'newer', 'unwritable'] as const) {
      const { deps, prompts } = setup([failure(kind)], [0]);
      expect(await openDatabaseWithRecovery(deps)).toBeNull();
      expect(prompts[0]!.buttons).toEqual(['Quit']);
      expect(prompts[0]!.detail).toContain(kind);
      expect(deps.quarantine).not.toHaveBeenCalled();
    }
  });

  it('says so and quits when the damaged file cannot be moved aside', async () => {
    const { deps, prompts } = setup([failure('corrupt')], [0, 0]);
    deps.quarantine.mockImplementation(() => {
      throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
    });
    expect(await openDatabaseWithRecovery(deps)).toBeNull();
    expect(prompts[1]!.detail).toContain('could not be moved aside');
    expect(prompts[1]!.buttons).toEqual(['Quit']);
    expect(deps.open).toHaveBeenCalledOnce();
  });

  it('asks again when the fresh start fails for another reason', async () => {
    const { deps, prompts } = setup([failure('corrupt'), failure('unwritable')], [0, 0]);
    expect(await openDatabaseWithRecovery(deps)).toBeNull();
    expect(prompts.map((prompt) => prompt.buttons.length)).toEqual([2, 1]);
  });
});
