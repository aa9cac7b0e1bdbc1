import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { createMemoryLogger } from '../log/logger';
import type { StoreOpenError } from '../store/open-database';
import { openDatabaseWithRecovery, type RecoveryPrompt } from './database-recovery';

const FILE = '/home/me/.config/Staff Desk/staff-desk.sqlite3';
const DB = { name: 'the database' };

function failure(kind: StoreOpenError['kind']) {
  return { ok: false as const, error: { kind, file: FILE, message: 'The English advice the tools outside the app print.' } };
}

type Outcome = ReturnType<typeof failure> | { ok: true; db: typeof DB };

function setup(outcomes: Outcome[], clicks: number[], lang: Lang = 'en') {
  const prompts: RecoveryPrompt[] = [];
  const deps = {
    open: vi.fn((): Outcome => outcomes.shift() ?? { ok: true, db: DB }),
    quarantine: vi.fn((file: string) => `${file}.corrupt-2025-01-01`),
    ask: vi.fn(async (prompt: RecoveryPrompt) => {
      prompts.push(prompt);
      return clicks.shift() ?? 0;
    }),
    lang,
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
      message: 'Staff Desk cannot open its data.',
      detail: expect.stringMatching(/damaged and cannot be read: .*staff-desk\.sqlite3\. You can start fresh/),
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

  it('offers only Quit for a locked, newer or unwritable file, says what to do about it, and never moves it', async () => {
    const advice = { locked: /in use by another program/, newer: /newer version/, unwritable: /cannot write/ };
    for (const kind of ['locked', 'newer', 'unwritable'] as const) {
      const { deps, prompts } = setup([failure(kind)], [0]);
      expect(await openDatabaseWithRecovery(deps)).toBeNull();
      expect(prompts[0]!.buttons).toEqual(['Quit']);
      expect(prompts[0]!.detail).toMatch(advice[kind]);
      expect(prompts[0]!.detail).toContain(FILE);
      expect(deps.quarantine).not.toHaveBeenCalled();
    }
  });

  it("speaks the language it is given: the system's, since the settings are in the file that would not open", async () => {
    const { deps, prompts } = setup([failure('corrupt')], [0, 0], 'es');
    deps.quarantine.mockImplementation(() => {
      throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
    });
    expect(await openDatabaseWithRecovery(deps)).toBeNull();
    expect(prompts[0]).toMatchObject({
      message: 'Staff Desk no puede abrir sus datos.',
      detail: expect.stringContaining(`está dañado y no se puede leer: ${FILE}.`),
      buttons: ['Empezar de cero (guardar aparte el archivo dañado)', 'Salir'],
    });
    expect(prompts[1]).toMatchObject({
      detail: expect.stringContaining(`No se ha podido apartar el archivo de base de datos dañado: ${FILE}.`),
      buttons: ['Salir'],
    });
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
