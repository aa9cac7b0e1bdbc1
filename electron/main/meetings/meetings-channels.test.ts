import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { KnowledgeStatus, OracleAnswer } from '../../../shared/oracle';
import { hang, jsonReply } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { writeNote } from '../../../test/support/knowledge/knowledge-service-kit';
import { draftInput, MEETING, PLANNING_NOTES } from '../../../test/support/meetings/meeting-lines';
import { DOUBLE_FLOOR, EMBEDDING_MODEL } from '../../../test/support/oracle/oracle-kit';
import { TEAM_NOTES } from '../../../test/support/oracle/test-notes';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import type { TestCore } from '../../../test/support/test-core';

/*
 * Meeting notes on the real core (MN1, MN2, MN4's wiring): the registry's checks, the draft against the Gemini
 * double, the save into the knowledge base the Oracle searches (its knowledge service, its retrieval, its opener),
 * a staff member signed in through the real verification path.
 */

const gemini = useGeminiDouble();
let test: TestCore | null = null;
const folders: string[] = [];
afterEach(() => {
  test?.dispose();
  test = null;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'meetings-kb-'));
  folders.push(folder);
  return folder;
}

/** A core whose guide is a few team notes; `chosen`, when given, is the folder the member picks in Settings. */
async function start(options: { chosen?: string } = {}) {
  const guide = tempFolder();
  for (const [path, text] of Object.entries(TEAM_NOTES)) writeNote(guide, path, text);
  const started = await createSignedInTestCore({
    gemini: { baseUrl: gemini.double.baseUrl },
    knowledge: { defaultFolder: guide, chooseFolder: async () => options.chosen ?? null },
  });
  test = started;
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => started.core.registry.call(channel, input, window.sender);
  await call('settings:update', { knowledgeBase: { floors: { [EMBEDDING_MODEL]: DOUBLE_FLOOR } } });
  await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
  if (options.chosen) await call('oracle:chooseFolder');
  await vi.waitFor(async () => expect(await status(call)).toMatchObject({ state: 'idle', issue: null }));
  gemini.double.reset();
  return { test: started, call };
}

async function status(call: (channel: string) => Promise<unknown>): Promise<KnowledgeStatus> {
  return ((await call('oracle:status')) as { ok: true; value: KnowledgeStatus }).value;
}

const SAVE = { title: 'Release date', text: '## Decisions\n\n- The release moves to the ninth of September.\n', meeting: MEETING };
/** The test core's member is in Madrid: 09:30 UTC is 11:30 there. */
const FILE_NAME = '2026-08-12 11-30 Release date.md';

describe('meetings:draft on the core', () => {
  it('MN1: drafts the notes of the lines the page sends, and its cancel aborts the HTTP request', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', jsonReply(PLANNING_NOTES));
    expect(await call('meetings:draft', draftInput())).toMatchObject({ ok: true, value: { title: 'Release date', text: expect.stringContaining('## Transcript') } });

    gemini.double.script('generateContent', hang());
    const drafting = call('meetings:draft', draftInput({ requestId: 'draft-2' }));
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')).toHaveLength(2));
    expect(await call('meetings:cancelDraft', { requestId: 'draft-2' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await drafting).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')[1]!.aborted).toBe(true));
  });

  it.each([
    ['no lines at all', { lines: [] }, 'INVALID_INPUT', 'lines'],
    ['a line with no time', { lines: [{ speaker: 'you', original: 'Hola.', translation: '' }] }, 'INVALID_INPUT', 'lines.0.startMs'],
    ['a speaker the captions do not have', { lines: [{ speaker: 'boss', startMs: 0, original: 'Hola.', translation: '' }] }, 'INVALID_INPUT', 'lines.0.speaker'],
    ['a language the app does not speak', { language: 'de' }, 'INVALID_INPUT', 'language'],
  ])('MN1: refuses %s before any model call', async (_case, overrides, code, field) => {
    const { call } = await start();
    expect(await call('meetings:draft', { ...draftInput(), ...overrides })).toMatchObject({ ok: false, error: { code, field } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('refuses a caller who is not signed in, and stores nothing', async () => {
    const { call, test: started } = await start();
    await call('auth:logout');
    for (const [channel, input] of [
      ['meetings:draft', draftInput()],
      ['meetings:save', SAVE],
      ['meetings:mailDraft', { subject: 'Release date', text: 'Notes', to: [] }],
    ] as const) {
      expect(await call(channel, input), channel).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(gemini.double.requests).toEqual([]);
    expect(existsSync(join(started.dir, 'meetings'))).toBe(false);
  });
});

describe('meetings:save on the core', () => {
  it('MN2: with the guide, saves into the data folder’s meetings folder, searchable at once by the Oracle, and opens there', async () => {
    const { call, test: started } = await start();
    const saved = await call('meetings:save', SAVE);
    expect(saved).toEqual({ ok: true, value: { path: `meetings/${FILE_NAME}` } });

    const file = join(started.dir, 'meetings', FILE_NAME);
    const [, front, body] = readFileSync(file, 'utf8').split(/^---$/mu);
    expect(parse(front!)).toMatchObject({ type: 'meeting', title: 'Release date', date: '2026-08-12T09:30:00.000Z', duration: 'PT42M10S' });
    expect(body).toBe(`\n\n# Release date\n\n${SAVE.text}`);

    // Searchable as soon as the answer came: the very next question finds it first, by meaning.
    gemini.double.script('generateContent', jsonReply({ answer: 'It moves to the ninth of September.' }));
    const asked = await call('oracle:ask', { question: 'When does the release move to the ninth of September?' });
    expect(asked).toMatchObject({ ok: true, value: { mode: 'hybrid', kind: 'answer' } });
    expect(asked.ok && (asked.value as OracleAnswer).sources[0]).toMatchObject({ path: `meetings/${FILE_NAME}`, title: 'Release date', chunkTitle: 'Release date > Decisions' });

    expect(await call('oracle:openNote', { path: `meetings/${FILE_NAME}` })).toMatchObject({ ok: true });
    expect(started.openedNotes).toEqual([file]);
    // The guide itself is untouched.
    expect(await status(call)).toMatchObject({ notes: Object.keys(TEAM_NOTES).length + 1, folder: { isDefault: true } });
  });

  it('MN2: with the member’s folder, saves into its meetings folder, made on the first save, then named in Settings', async () => {
    const vault = tempFolder();
    writeNote(vault, 'team.md', '# Team\n\nWe meet on Mondays.\n');
    const { call } = await start({ chosen: vault });
    expect(await call('meetings:save', SAVE)).toEqual({ ok: true, value: { path: `Meetings/${FILE_NAME}` } });
    expect(readdirSync(join(vault, 'Meetings'))).toEqual([FILE_NAME]);

    // Never over a note that is there.
    expect(await call('meetings:save', SAVE)).toEqual({ ok: true, value: { path: `Meetings/2026-08-12 11-30 Release date (2).md` } });

    expect(await call('settings:update', { meetings: { folder: 'Réunions' } })).toMatchObject({ ok: true });
    expect(await call('meetings:save', SAVE)).toEqual({ ok: true, value: { path: `Réunions/${FILE_NAME}` } });
    expect(await status(call)).toMatchObject({ notes: 4, folder: { path: vault, isDefault: false } });
  });

  it.each(['../outside', 'a/b', '.hidden', 'NUL', ' ', 'x'.repeat(65)])('MN2: refuses %j as the meetings folder’s name', async (folder) => {
    const { call } = await start();
    expect(await call('settings:update', { meetings: { folder } })).toMatchObject({ ok: false, error: { code: expect.stringMatching(/INVALID_INPUT|TOO_LARGE/), field: 'meetings.folder' } });
  });

  it('MN2: never writes through a meetings folder that is a link, nor makes a knowledge base folder that is gone', async () => {
    const vault = tempFolder();
    const elsewhere = tempFolder();
    const { call } = await start({ chosen: vault });
    symlinkSync(elsewhere, join(vault, 'Meetings'), 'dir');
    expect(await call('meetings:save', SAVE)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'meetings_folder_unusable' } });
    expect(readdirSync(elsewhere)).toEqual([]);

    rmSync(vault, { recursive: true, force: true });
    expect(await call('meetings:save', SAVE)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'folder_missing' } });
    expect(existsSync(vault)).toBe(false);
  });

  it('MN2: refuses an empty title or text, and writes nothing', async () => {
    const { call, test: started } = await start();
    expect(await call('meetings:save', { ...SAVE, title: '   ' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'title' } });
    expect(await call('meetings:save', { ...SAVE, text: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'text' } });
    mkdirSync(join(started.dir, 'meetings'), { recursive: true });
    expect(readdirSync(join(started.dir, 'meetings'))).toEqual([]);
  });

  it('never logs what the notes say', async () => {
    const { call, test: started } = await start();
    await call('meetings:save', SAVE);
    expect(started.log.lines.join('\n')).not.toContain('ninth of September');
  });
});

describe('meetings:mailDraft on the core', () => {
  it('MN4: goes to the mailbox’s drafts, which say so when no mailbox is connected', async () => {
    const { call } = await start();
    expect(await call('meetings:mailDraft', { subject: 'Release date', text: SAVE.text, to: [] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'zoho_not_connected' },
    });
  });

  it('MN4: refuses an address that is not one, before the mailbox is asked', async () => {
    const { call } = await start();
    expect(await call('meetings:mailDraft', { subject: 'Release date', text: SAVE.text, to: ['lena at example'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'to.0' },
    });
  });
});
