import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import type { KnowledgeStatus } from '../../../shared/oracle';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { writeNote } from '../../../test/support/knowledge/knowledge-service-kit';
import { DOUBLE_FLOOR, EMBEDDING_MODEL } from '../../../test/support/oracle/oracle-kit';
import { TEAM_NOTES, UNRELATED_QUESTION, VPN_QUESTION } from '../../../test/support/oracle/test-notes';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import type { TestCore } from '../../../test/support/test-core';
import type { CoreDeps } from '../core';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';

/*
 * The oracle's channels on the real core: its knowledge service indexing the folder at start, the Gemini double
 * behind the gateway, a staff member signed in through the real verification path.
 */

const gemini = useGeminiDouble();
let test: TestCore | null = null;
const folders: string[] = [];
afterEach(() => {
  test?.dispose();
  test = null;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder of notes, written before the core starts so that its first pass finds them. */
function notesFolder(notes: Readonly<Record<string, string>>): string {
  const folder = mkdtempSync(join(tmpdir(), 'oracle-notes-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(notes)) writeNote(folder, path, text);
  return folder;
}

async function start(options: { key?: boolean; knowledge?: Partial<CoreDeps['knowledge']> } = {}) {
  const started = await createSignedInTestCore({
    gemini: { baseUrl: gemini.double.baseUrl },
    knowledge: { defaultFolder: notesFolder(TEAM_NOTES), ...options.knowledge },
  });
  test = started;
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => started.core.registry.call(channel, input, window.sender);
  await call('settings:update', { knowledgeBase: { floors: { [EMBEDDING_MODEL]: DOUBLE_FLOOR } } });
  if (options.key !== false) await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
  return { test: started, call, events: window.events, folder: started.knowledgeFolder };
}

async function status(call: (channel: string) => Promise<unknown>): Promise<KnowledgeStatus> {
  const result = (await call('oracle:status')) as { ok: true; value: KnowledgeStatus };
  return result.value;
}

/** Waits for the pass the core started (at start, or on a new key) to have embedded the whole folder. */
async function indexed(call: (channel: string) => Promise<unknown>): Promise<KnowledgeStatus> {
  let last: KnowledgeStatus | null = null;
  await vi.waitFor(async () => {
    last = await status(call);
    expect(last).toMatchObject({ state: 'idle', mode: 'hybrid', issue: null });
    expect(last.notes).toBe(Object.keys(TEAM_NOTES).length);
    expect(last.embedded).toBe(last.chunks);
  });
  return last!;
}

describe('oracle channels on the core', () => {
  it('index the folder at start, answer from it with sources, and answer honestly without a model call', async () => {
    const { call } = await start();
    const ready = await indexed(call);
    expect(ready.folder).toMatchObject({ isDefault: true });
    expect(ready.floor).toEqual({ value: DOUBLE_FLOOR, source: 'settings' });

    gemini.double.script('generateContent', jsonReply({ answer: 'Ask the IT desk for a VPN profile.' }));
    const answered = await call('oracle:ask', { question: VPN_QUESTION });
    expect(answered).toMatchObject({ ok: true, value: { answer: 'Ask the IT desk for a VPN profile.', kind: 'answer' } });

    gemini.double.reset();
    const honest = await call('oracle:ask', { question: UNRELATED_QUESTION });
    expect(honest).toMatchObject({ ok: true, value: { kind: 'honest', chunks_used: 0 } });
    expect(gemini.double.requests.filter((request) => request.action === 'generateContent')).toEqual([]);

    // Both questions are the member's telemetry; the weak one shows as a corpus gap.
    const gaps = await call('oracle:gaps');
    expect(gaps).toMatchObject({ ok: true, value: { questions: [{ question: UNRELATED_QUESTION }] } });
  });

  it('refuse a caller who is not signed in before any search or model call', async () => {
    const { call, test: started } = await start();
    await indexed(call);
    gemini.double.reset();
    await call('auth:logout');
    for (const [channel, input] of [
      ['oracle:ask', { question: VPN_QUESTION }],
      ['oracle:gaps', {}],
      ['oracle:openNote', { path: Object.keys(TEAM_NOTES)[0] }],
      ['oracle:reindex', {}],
    ] as const) {
      expect(await call(channel, input), channel).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(gemini.double.requests).toEqual([]);
    expect(started.openedNotes).toEqual([]);
  });

  it('without a key answer in lexical mode, labelled; saving the key embeds the base at once', async () => {
    const { call } = await start({ key: false });
    await vi.waitFor(async () => expect(await status(call)).toMatchObject({ state: 'idle', mode: 'lexical', issue: { reason: 'no_key' } }));
    const lexical = await call('oracle:ask', { question: VPN_QUESTION });
    expect(lexical).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'sources_only' } });

    await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
    await indexed(call);
  });

  it('SEC-3: a member over the Oracle’s budget is refused with how long to wait, before any model call', async () => {
    const { call } = await start();
    await indexed(call);
    // An honest "nothing clear" still embedded the question: it counts.
    for (let index = 0; index < ORACLE.rateLimitPerMinute; index++) {
      expect(await call('oracle:ask', { question: UNRELATED_QUESTION })).toMatchObject({ ok: true, value: { kind: 'honest' } });
    }
    gemini.double.reset();
    expect(await call('oracle:ask', { question: VPN_QUESTION })).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', reason: 'rate_limit', retryAfterMs: expect.any(Number) },
    });
    expect(gemini.double.requests).toEqual([]);
  });

  it('G9: a question asked without a key calls no model and is not counted', async () => {
    const { call } = await start({ key: false });
    await vi.waitFor(async () => expect(await status(call)).toMatchObject({ state: 'idle', mode: 'lexical' }));
    for (let index = 0; index <= ORACLE.rateLimitPerMinute; index++) {
      expect(await call('oracle:ask', { question: VPN_QUESTION })).toMatchObject({ ok: true, value: { kind: 'sources_only' } });
    }
  });

  it('re-index reports its progress to the caller and ends with the status', async () => {
    const { call, events } = await start();
    await indexed(call);
    const started = await call('oracle:reindex');
    expect(started).toMatchObject({ ok: true, value: { requestId: expect.any(String) } });
    await vi.waitFor(() => expect(events.some(({ event }) => event === 'oracle:reindexed')).toBe(true));
    const progress = events.filter(({ event }) => event === 'oracle:progress').map(({ payload }) => payload);
    const notes = Object.keys(TEAM_NOTES).length;
    expect(progress).toContainEqual(expect.objectContaining({ data: { phase: 'reading', done: notes, total: notes } }));
    expect(events.find(({ event }) => event === 'oracle:reindexed')).toMatchObject({ payload: { value: { notes } } });
  });

  it('open a source note inside the folder, and refuse any path outside it or not in the index', async () => {
    const { call, test: started, folder } = await start();
    await indexed(call);
    const [path, other] = Object.keys(TEAM_NOTES);
    expect(await call('oracle:openNote', { path })).toEqual({ ok: true, value: { openedWith: 'system' } });
    expect(started.openedNotes).toEqual([join(folder, ...path!.split('/'))]);

    const refused = (reason: string) => ({ ok: false, error: { code: 'INVALID_INPUT', field: 'path', reason } });
    expect(await call('oracle:openNote', { path: '../staff-desk.sqlite3' })).toMatchObject(refused('outside_folder'));
    // In the folder, but settings rather than a note: the index never held it.
    writeNote(folder, '.obsidian/x.md', 'workspace');
    expect(await call('oracle:openNote', { path: '.obsidian/x.md' })).toMatchObject(refused('not_indexed'));
    expect(await call('oracle:openNote', { path: 'gone/away.md' })).toMatchObject(refused('not_indexed'));
    // An indexed note swapped for a link to a file elsewhere since the pass.
    const elsewhere = notesFolder({ 'private.md': '# Private' });
    rmSync(join(folder, ...other!.split('/')));
    symlinkSync(join(elsewhere, 'private.md'), join(folder, ...other!.split('/')), 'file');
    expect(await call('oracle:openNote', { path: other })).toMatchObject(refused('outside_folder'));
    // SEC-7: swapped for a link to a launcher in the folder, which the system would run rather than show.
    writeNote(folder, 'run.desktop', '[Desktop Entry]\nType=Application\nExec=sh\n');
    rmSync(join(folder, ...other!.split('/')));
    symlinkSync(join(folder, 'run.desktop'), join(folder, ...other!.split('/')), 'file');
    expect(await call('oracle:openNote', { path: other })).toMatchObject(refused('not_a_note'));
    // An indexed note deleted since the pass.
    rmSync(join(folder, ...other!.split('/')));
    expect(await call('oracle:openNote', { path: other })).toMatchObject(refused('note_missing'));
    expect(started.openedNotes).toHaveLength(1);
  });

  it('choosing another folder makes it the knowledge base; cancelling the picker changes nothing', async () => {
    const other = notesFolder({ 'onboarding.md': '# Onboarding\n\nNew staff get a laptop and a badge on day one.' });
    let picked: string | null = null;
    const { call } = await start({ knowledge: { chooseFolder: async () => picked } });
    await indexed(call);
      expect(await call('oracle:chooseFolder')).toMatchObject({
        ok: true,
        value: { chosen: false, settings: { knowledgeBase: { path: null } } },
      });
      picked = other;
      expect(await call('oracle:chooseFolder')).toMatchObject({
        ok: true,
        value: { chosen: true, settings: { knowledgeBase: { path: other } } },
      });
      await vi.waitFor(async () =>
        expect(await status(call)).toMatchObject({ folder: { path: other, isDefault: false }, state: 'idle', notes: 1 }),
      );
  });
});
