import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMPTS_FILE_FORMAT } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import { openDatabase } from '../store/open-database';
import { appMigrations } from '../store/migrations';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { knowledgeDatabase } from '../../../test/support/knowledge/chunks';
import { createAssistantPromptsStore, DEFAULT_INSTRUCTIONS, DEFAULT_SCOPE } from './assistant-prompts';

const CHANGED_AT = Date.UTC(2026, 11, 1, 9, 30, 0);
const TEAM_SCOPE = 'You are the staff assistant of Crearack: racks, data centres and the team’s billing platform.';
const TEAM_INSTRUCTIONS = 'Answer in at most five sentences. Sign nothing.';

function store() {
  const db = knowledgeDatabase();
  return { db, prompts: createAssistantPromptsStore({ db, now: () => CHANGED_AT }) };
}

function file(fields: Record<string, unknown>): string {
  return JSON.stringify({ format: PROMPTS_FILE_FORMAT, version: 1, scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS, ...fields });
}

describe('G4 the scope and instructions a team may shape', () => {
  it('ships defaults, in effect until the team changes them', () => {
    expect(store().prompts.get()).toEqual({
      prompts: { scope: DEFAULT_SCOPE, instructions: DEFAULT_INSTRUCTIONS },
      defaults: { scope: DEFAULT_SCOPE, instructions: DEFAULT_INSTRUCTIONS },
      customised: { scope: false, instructions: false },
      updatedAt: null,
    });
  });

  it('keeps what the team sets, marks it customised, and says when', () => {
    const { prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: DEFAULT_INSTRUCTIONS });
    expect(prompts.get()).toMatchObject({
      prompts: { scope: TEAM_SCOPE, instructions: DEFAULT_INSTRUCTIONS },
      customised: { scope: true, instructions: false },
      updatedAt: '2026-12-01T09:30:00.000Z',
    });
  });

  it('counts a layer set back to its default text as not customised, and both as no change at all', () => {
    const { prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    prompts.set({ scope: DEFAULT_SCOPE, instructions: TEAM_INSTRUCTIONS });
    expect(prompts.get().customised).toEqual({ scope: false, instructions: true });
    prompts.set({ scope: DEFAULT_SCOPE, instructions: DEFAULT_INSTRUCTIONS });
    expect(prompts.get()).toMatchObject({ customised: { scope: false, instructions: false }, updatedAt: null });
  });

  it('stores an untouched layer as the default, so an improved default reaches it', () => {
    const { db, prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: DEFAULT_INSTRUCTIONS });
    expect(db.prepare('SELECT scope, instructions FROM ai_prompts').all()).toEqual([{ scope: TEAM_SCOPE, instructions: null }]);
  });

  it('lets the team clear a layer entirely', () => {
    const { prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: '' });
    expect(prompts.get()).toMatchObject({ prompts: { instructions: '' }, customised: { instructions: true } });
  });

  it('resets both layers to the shipped defaults', () => {
    const { prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    expect(prompts.reset()).toMatchObject({ prompts: { scope: DEFAULT_SCOPE, instructions: DEFAULT_INSTRUCTIONS }, updatedAt: null });
    expect(prompts.get().customised).toEqual({ scope: false, instructions: false });
  });

  it('resets one layer and keeps the other', () => {
    const { prompts } = store();
    prompts.set({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    expect(prompts.reset('instructions')).toMatchObject({
      prompts: { scope: TEAM_SCOPE, instructions: DEFAULT_INSTRUCTIONS },
      customised: { scope: true, instructions: false },
    });
    expect(prompts.reset('scope')).toMatchObject({ prompts: { scope: DEFAULT_SCOPE }, updatedAt: null });
  });

  it('keeps the layers across a restart of the app', () => {
    const file = join(makeTempDir(), 'app.db');
    const first = expectOpened(openDatabase(file));
    createAssistantPromptsStore({ db: first, now: () => CHANGED_AT }).set({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    first.close();
    const again = expectOpened(openDatabase(file));
    expect(createAssistantPromptsStore({ db: again, now: () => CHANGED_AT }).get().prompts).toEqual({
      scope: TEAM_SCOPE,
      instructions: TEAM_INSTRUCTIONS,
    });
  });
});

describe('G4 export and import, so one admin can hand the team the same prompts', () => {
  it('exports the prompts in effect as a file another install imports to the same state', () => {
    const from = store().prompts;
    from.set({ scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    const exported = from.exportFile();
    expect(JSON.parse(exported)).toEqual({ format: PROMPTS_FILE_FORMAT, version: 1, scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS });
    expect(exported).toContain('\n  "scope"');

    const to = store().prompts;
    expect(to.importFile(exported)).toMatchObject({ ok: true, value: { prompts: { scope: TEAM_SCOPE, instructions: TEAM_INSTRUCTIONS } } });
    expect(to.get().customised).toEqual({ scope: true, instructions: true });
  });

  it('round-trips the defaults as defaults', () => {
    const to = store().prompts;
    expect(to.importFile(store().prompts.exportFile())).toMatchObject({ ok: true, value: { updatedAt: null } });
  });

  const refusals: Array<[string, string, { code: string; message: RegExp; field?: string }]> = [
    ['text that is not JSON', 'scope: be nice', { code: 'INVALID_INPUT', message: /not JSON/ }],
    ['JSON of something else', JSON.stringify({ name: 'staff-desk', version: '1.0.0' }), { code: 'INVALID_INPUT', message: /not a Staff Desk prompts file/ }],
    ['a file of a later format version', file({ version: 2 }), { code: 'INVALID_INPUT', message: /cannot read/, field: 'version' }],
    [
      'a scope over its limit',
      file({ scope: 'x'.repeat(ASSISTANT.promptScopeMaxChars + 1) }),
      { code: 'INVALID_INPUT', message: new RegExp(`scope in this file is longer than ${ASSISTANT.promptScopeMaxChars} characters`), field: 'scope' },
    ],
    ['instructions that are not text', file({ instructions: ['be nice'] }), { code: 'INVALID_INPUT', message: /no instructions as text/, field: 'instructions' }],
    ['a file too large to be one', file({ padding: 'x'.repeat(ASSISTANT.promptFileMaxBytes) }), { code: 'TOO_LARGE', message: /larger than/ }],
  ];

  it.each(refusals)('refuses %s with a sentence the member can act on, and writes nothing', (_what, text, error) => {
    const { prompts } = store();
    prompts.set({ scope: 'Kept as it was.', instructions: TEAM_INSTRUCTIONS });
    const before = prompts.get();
    const result = prompts.importFile(text);
    expect(result).toMatchObject({ ok: false, error: { code: error.code, ...(error.field ? { field: error.field } : {}) } });
    if (!result.ok) expect(result.error.message).toMatch(error.message);
    expect(prompts.get()).toEqual(before);
  });
});

describe('G4 migration 4: an untouched layer is stored as the default', () => {
  it('upgrades a database whose prompts table stored empty text for the defaults', () => {
    const file = join(makeTempDir(), 'app.db');
    const old = expectOpened(openDatabase(file, { migrations: appMigrations.filter((migration) => migration.version < 4) }));
    old
      .prepare("INSERT INTO ai_prompts (channel, scope, instructions, updated_at) VALUES ('assistant', ?, '', '2026-11-30T08:00:00.000Z')")
      .run(TEAM_SCOPE);
    old.close();

    const db = expectOpened(openDatabase(file));
    expect(db.prepare('SELECT channel, scope, instructions, updated_at FROM ai_prompts').all()).toEqual([
      { channel: 'assistant', scope: TEAM_SCOPE, instructions: null, updated_at: '2026-11-30T08:00:00.000Z' },
    ]);
    expect(createAssistantPromptsStore({ db, now: () => CHANGED_AT }).get()).toMatchObject({
      prompts: { scope: TEAM_SCOPE, instructions: DEFAULT_INSTRUCTIONS },
      customised: { scope: true, instructions: false },
    });
  });
});
