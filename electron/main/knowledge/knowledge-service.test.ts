import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import type { IndexProgressEvent, KnowledgeStatus } from '../../../shared/oracle';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../shared/settings';
import { hang, quotaExceeded } from '../../../test/doubles/gemini-double';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { knowledgeDatabase } from '../../../test/support/knowledge/chunks';
import { embeddedTitles, fakeWatch, gate, writeNote } from '../../../test/support/knowledge/knowledge-service-kit';
import { makeTempDir } from '../../../test/support/store-helpers';
import { createMemoryLogger } from '../log/logger';
import { createKnowledgeService, KNOWLEDGE_COLLECTION } from './knowledge-service';
import { listNoteFiles } from './list-note-files';

const gemini = useGeminiDouble();
const SHIPPED_GUIDE = fileURLToPath(new URL('../../../resources/knowledge-base', import.meta.url));
const MODEL = DEFAULT_SETTINGS.models.embedding;

/** Three notes with headings, front matter and a link; every word asserted on below appears in one note only. */
function smallVault(): string {
  const root = makeTempDir();
  writeNote(root, 'vpn.md', '---\ntitle: VPN\ntags: [network]\n---\n# VPN\n\nConnect with the office client.\n\n## Troubleshooting\n\nRestart the tunnel when the handshake fails.\n');
  writeNote(root, 'printer.md', '# Printer\n\nThe printer on floor two takes badges.\n\n## Toner\n\nOrder toner from the supplies page.\n');
  writeNote(root, 'guides/holidays.md', '# Holidays\n\nRequest days off in the team calendar, see [[VPN]].\n');
  return root;
}

interface KitOptions {
  /** settings.knowledgeBase.path; undefined: a fresh small vault. */
  path?: string | null;
  db?: Database.Database;
  hasKey?: boolean;
  /** The member's own notes beside the guide (meeting notes, in the app's data folder). */
  besideGuide?: { prefix: string; folder: string };
}

function kit(options: KitOptions = {}) {
  const db = options.db ?? knowledgeDatabase();
  const path = options.path === undefined ? smallVault() : options.path;
  let settings: Settings = applySettingsPatch(DEFAULT_SETTINGS, { knowledgeBase: { path } });
  const watch = fakeWatch();
  const published: KnowledgeStatus[] = [];
  const key = { present: options.hasKey ?? true, checks: 0, hold: null as Promise<void> | null };
  const clock = { now: Date.UTC(2031, 0, 15, 9, 0, 0) };
  const { gateway } = createGatewayKit(gemini.double);
  const service = createKnowledgeService({
    db,
    gateway,
    settings: () => settings,
    defaultFolder: SHIPPED_GUIDE,
    ...(options.besideGuide ? { besideGuide: options.besideGuide } : {}),
    hasGeminiKey: async () => {
      key.checks += 1;
      await key.hold;
      return key.present;
    },
    watch: watch.watch,
    publish: (status) => published.push(status),
    now: () => clock.now,
    log: createMemoryLogger(),
  });
  return {
    db,
    folder: path ?? SHIPPED_GUIDE,
    service,
    watch,
    published,
    key,
    clock,
    update(patch: SettingsPatch) {
      settings = applySettingsPatch(settings, patch);
      service.settingsChanged(patch);
    },
    /** Holds every pass once it has read the folder, at its question for the key, until the gate opens. */
    holdPasses() {
      const held = gate();
      key.hold = held.promise;
      return held;
    },
  };
}
type Kit = ReturnType<typeof kit>;

async function settled(service: Kit['service']): Promise<KnowledgeStatus> {
  await vi.waitFor(() => expect(service.status().state).toBe('idle'), { timeout: 10_000 });
  return service.status();
}

async function started(options: KitOptions = {}): Promise<Kit & { first: KnowledgeStatus }> {
  const k = kit(options);
  k.service.start();
  const first = await settled(k.service);
  gemini.double.reset();
  return { ...k, first };
}

const chunkCount = (db: Database.Database, path: string) =>
  db.prepare('SELECT count(*) FROM kb_chunks WHERE collection = ? AND path = ?').pluck().get(KNOWLEDGE_COLLECTION, path) as number;
const notePaths = (db: Database.Database) =>
  db.prepare('SELECT path FROM kb_notes WHERE collection = ? ORDER BY path').pluck().all(KNOWLEDGE_COLLECTION) as string[];
const lexicalHits = (db: Database.Database, word: string) =>
  db.prepare('SELECT count(*) FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ?').pluck().get(word) as number;

describe('knowledge service: indexing the folder', () => {
  it('indexes and embeds the shipped guide at start, and watches it', async () => {
    const k = kit({ path: null });
    k.service.start();
    expect(k.service.status().state).toBe('indexing');
    const status = await settled(k.service);

    const notes = (await listNoteFiles(SHIPPED_GUIDE)).length;
    expect(status).toMatchObject({
      folder: { path: SHIPPED_GUIDE, isDefault: true },
      state: 'idle',
      progress: null,
      notes,
      mode: 'hybrid',
      embeddingModel: MODEL,
      floor: { value: ORACLE.defaultFloors[MODEL], source: 'default' },
      issue: null,
    });
    expect(status.chunks).toBeGreaterThan(notes);
    expect(status.embedded).toBe(status.chunks);
    expect(status.indexedAt).toBe(new Date(k.clock.now).toISOString());
    expect(embeddedTitles(gemini.double)).toHaveLength(status.chunks);
    expect(k.watch.watched()).toEqual([SHIPPED_GUIDE]);
    expect(k.service.folder()).toBe(SHIPPED_GUIDE);
    // The pane's index line followed the pass it did not start, and ends on the final numbers.
    expect(k.published[0]?.state).toBe('indexing');
    expect(k.published.at(-1)).toEqual(status);
  });

  it('sends no embedding request at all when nothing in the folder changed', async () => {
    const k = await started();
    const again = await k.service.reindex();
    expect(again).toMatchObject({ ok: true, value: { notes: 3, issue: null } });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('re-embeds only the chunks of the note that was edited', async () => {
    const k = await started();
    writeNote(k.folder, 'printer.md', '# Printer\n\nThe printer on floor three takes badges.\n\n## Toner\n\nOrder toner by mail.\n\n## Jams\n\nOpen tray two.\n');
    k.watch.change();
    const status = await settled(k.service);

    expect(embeddedTitles(gemini.double)).toEqual(Array(chunkCount(k.db, 'printer.md')).fill('Printer'));
    expect(status.embedded).toBe(status.chunks);
  });

  it('removes a deleted note from the stored chunks and from the word index', async () => {
    const k = await started();
    expect(lexicalHits(k.db, 'toner')).toBeGreaterThan(0);
    rmSync(join(k.folder, 'printer.md'));
    k.watch.change();
    const status = await settled(k.service);

    expect(chunkCount(k.db, 'printer.md')).toBe(0);
    expect(lexicalHits(k.db, 'toner')).toBe(0);
    expect(status).toMatchObject({ notes: 2, issue: null });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('remembers when the last pass finished across a restart', async () => {
    const k = await started();
    k.service.close();

    const again = kit({ db: k.db, path: k.folder });
    expect(again.service.status()).toMatchObject({ notes: 3, indexedAt: k.first.indexedAt, state: 'idle' });
  });
});

describe('knowledge service: without a key', () => {
  it('indexes the words only, says so, and embeds once a key exists', async () => {
    const k = await started({ hasKey: false });
    expect(k.first).toMatchObject({ notes: 3, embedded: 0, mode: 'lexical', issue: { reason: 'no_key' } });
    expect(k.first.issue?.message).toMatch(/Gemini API key in Settings/);
    expect(lexicalHits(k.db, 'handshake')).toBe(1);
    expect(embeddedTitles(gemini.double)).toEqual([]);

    k.key.present = true;
    const result = await k.service.reindex();
    expect(result).toMatchObject({ ok: true, value: { mode: 'hybrid', issue: null } });
    if (result.ok) expect(result.value.embedded).toBe(result.value.chunks);
  });
});

describe('knowledge service: the folder itself', () => {
  it('reports a missing folder without failing, and recovers once it is there', async () => {
    const path = join(makeTempDir(), 'Notes');
    const k = await started({ path });
    expect(k.first).toMatchObject({ state: 'idle', notes: 0, indexedAt: null, issue: { reason: 'folder_missing' } });
    expect(k.watch.watched()).toEqual([path]);

    writeNote(path, 'vpn.md', '# VPN\n\nConnect with the office client.\n');
    k.watch.change();
    expect(await settled(k.service)).toMatchObject({ notes: 1, embedded: 1, issue: null, mode: 'hybrid' });
  });

  it('reports a path that is not a readable folder', async () => {
    const file = join(makeTempDir(), 'notes.md');
    writeFileSync(file, '# Not a folder\n');
    const k = await started({ path: file });
    expect(k.first.issue).toMatchObject({ reason: 'folder_unreadable', message: expect.stringMatching(/choose another folder/) });
  });

  it('keeps the index of a folder that went missing, and forgets it when another folder is chosen', async () => {
    const k = await started();
    rmSync(k.folder, { recursive: true });
    k.watch.change();
    // A drive that is only unplugged should not cost a full re-embedding when it is back.
    expect(await settled(k.service)).toMatchObject({ notes: 3, issue: { reason: 'folder_missing' } });

    const elsewhere = join(makeTempDir(), 'elsewhere');
    k.update({ knowledgeBase: { path: elsewhere } });
    // The old folder's problem is not shown against the new one while it is looked at.
    expect(k.published.at(-1)).toMatchObject({ folder: { path: elsewhere }, state: 'indexing', issue: null });
    expect(await settled(k.service)).toMatchObject({ notes: 0, chunks: 0, indexedAt: null, issue: { reason: 'folder_missing' } });
  });

  it('switches folders: the pass under way stops, the new folder is watched and replaces the old notes', async () => {
    const k = kit();
    const held = k.holdPasses();
    k.service.start();
    await vi.waitFor(() => expect(k.key.checks).toBe(1));

    const other = makeTempDir();
    writeNote(other, 'onboarding.md', '# Onboarding\n\nYour first day starts at reception.\n');
    k.update({ knowledgeBase: { path: other } });
    expect(k.watch.watched()).toEqual([other]);
    expect(k.published.at(-1)?.folder).toEqual({ path: other, isDefault: false });
    held.open();
    const status = await settled(k.service);

    expect(notePaths(k.db)).toEqual(['onboarding.md']);
    expect(status).toMatchObject({ folder: { path: other }, notes: 1, embedded: status.chunks, issue: null });
    // The old folder's pass stopped before embedding anything.
    expect(new Set(embeddedTitles(gemini.double))).toEqual(new Set(['Onboarding']));
    expect(k.service.folder()).toBe(other);
  });
});

describe('knowledge service: links out of the folder', () => {
  /** A vault with a note, a folder and a linked copy inside, and links to a note and a folder of the member's elsewhere. */
  function linkedVault() {
    const root = smallVault();
    const home = makeTempDir();
    writeNote(home, 'diary.md', '# Diary\n\nThe zanzibar itinerary and the safe combination.\n');
    writeNote(home, 'private/passwords.md', '# Passwords\n\nThe quokka account password.\n');
    symlinkSync(join(home, 'diary.md'), join(root, 'diary.md'), 'file');
    symlinkSync(join(home, 'private'), join(root, 'guides', 'private'), 'dir');
    symlinkSync(join(root, 'vpn.md'), join(root, 'vpn-copy.md'), 'file');
    return root;
  }

  it('keeps what they lead to out of the index and away from the model, and names them to the member', async () => {
    const k = kit({ path: linkedVault() });
    k.service.start();
    const status = await settled(k.service);

    expect(notePaths(k.db)).toEqual(['guides/holidays.md', 'printer.md', 'vpn.md']);
    expect(lexicalHits(k.db, 'zanzibar')).toBe(0);
    expect(lexicalHits(k.db, 'quokka')).toBe(0);
    expect(embeddedTitles(gemini.double)).not.toContain('Diary');
    expect(embeddedTitles(gemini.double)).not.toContain('Passwords');
    // The link inside (a second name for vpn.md) is no escape: left out without a word, its note indexed once.
    expect(status).toMatchObject({ notes: 3, issue: null, linksOutside: { count: 2, paths: ['diary.md', 'guides/private'] } });
    expect(k.published.at(-1)?.linksOutside).toEqual({ count: 2, paths: ['diary.md', 'guides/private'] });
  });

  it('forgets them once they are gone, or when another folder is chosen', async () => {
    const path = linkedVault();
    const k = await started({ path });
    rmSync(join(path, 'diary.md'));
    k.watch.change();
    expect(await settled(k.service)).toMatchObject({ linksOutside: { count: 1, paths: ['guides/private'] } });

    k.update({ knowledgeBase: { path: smallVault() } });
    expect(k.published.at(-1)).toMatchObject({ state: 'indexing', linksOutside: { count: 0, paths: [] } });
  });

  it('opens only notes the index holds for the folder it reads', async () => {
    const k = await started({ path: linkedVault() });
    expect(k.service.hasNote('vpn.md')).toBe(true);
    expect(k.service.hasNote('diary.md')).toBe(false);
    expect(k.service.hasNote('vpn-copy.md')).toBe(false);
    // Until the new folder's pass, the notes indexed are the old folder's, not the new one's.
    k.update({ knowledgeBase: { path: smallVault() } });
    expect(k.service.hasNote('vpn.md')).toBe(false);
    await settled(k.service);
    expect(k.service.hasNote('vpn.md')).toBe(true);
  });
});

describe('knowledge service: passes', () => {
  it('re-embeds every chunk when the embedding model changes', async () => {
    const k = await started();
    const otherModel = 'gemini-embedding-2';
    k.update({ models: { embedding: otherModel } });
    const status = await settled(k.service);

    expect(embeddedTitles(gemini.double)).toHaveLength(status.chunks);
    expect(gemini.double.requestsFor('batchEmbedContents', MODEL)).toHaveLength(0);
    expect(status).toMatchObject({ embeddingModel: otherModel, embedded: status.chunks, mode: 'hybrid' });
  });

  it('folds changes seen during a pass into one more pass', async () => {
    const k = kit();
    const held = k.holdPasses();
    k.service.start();
    await vi.waitFor(() => expect(k.key.checks).toBe(1));

    writeNote(k.folder, 'wifi.md', '# Wifi\n\nThe guest password is on the fridge.\n');
    k.watch.change();
    k.watch.change();
    k.watch.change();
    held.open();
    const status = await settled(k.service);

    expect(k.key.checks).toBe(2);
    expect(status.notes).toBe(4);
    expect(lexicalHits(k.db, 'fridge')).toBe(1);
  });

  it('joins a pass already running instead of starting another, with its progress', async () => {
    const k = kit();
    const held = k.holdPasses();
    k.service.start();
    await vi.waitFor(() => expect(k.key.checks).toBe(1));

    const seen: IndexProgressEvent[] = [];
    const joined = k.service.reindex({ onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([{ phase: 'reading', done: 3, total: 3 }]);
    held.open();
    const result = await joined;

    expect(k.key.checks).toBe(1);
    expect(result).toMatchObject({ ok: true, value: { state: 'idle', notes: 3, issue: null } });
    if (result.ok) expect(seen.at(-1)).toEqual({ phase: 'embedding', done: result.value.chunks, total: result.value.chunks });
  });

  it('reports progress that only moves forward and ends at the total, notes first, then chunks', async () => {
    const root = makeTempDir();
    for (let index = 0; index < 12; index += 1) writeNote(root, `area/note-${index}.md`, `# Note ${index}\n\nText ${index}.\n\n## More\n\nDetail ${index}.\n`);
    const k = kit({ path: root });
    const seen: IndexProgressEvent[] = [];
    const result = await k.service.reindex({ onProgress: (progress) => seen.push(progress) });
    if (!result.ok) throw new Error(result.error.message);

    const reading = seen.filter((progress) => progress.phase === 'reading');
    const embedding = seen.filter((progress) => progress.phase === 'embedding');
    expect(seen).toEqual([...reading, ...embedding]);
    for (const [phase, total] of [[reading, 12], [embedding, result.value.chunks]] as const) {
      expect(phase.every((progress) => progress.total === total)).toBe(true);
      expect(phase.map((progress) => progress.done)).toEqual([...phase.map((progress) => progress.done)].sort((a, b) => a - b));
      expect(phase.at(-1)?.done).toBe(total);
    }
    // The total is known before the first note is read, so the pane's bar appears at once.
    expect(reading[0]).toEqual({ phase: 'reading', done: 0, total: 12 });
  });

  it('publishes progress to the pane at most every 100 ms, always with the last step', async () => {
    const root = makeTempDir();
    for (let index = 0; index < 12; index += 1) writeNote(root, `note-${index}.md`, `# Note ${index}\n\nText ${index}.\n`);
    // The clock never moves: only a new phase and its end are due.
    const k = kit({ path: root });
    await k.service.reindex();

    const readingPublished = k.published.filter((status) => status.progress?.phase === 'reading').map((status) => status.progress);
    expect(readingPublished).toEqual([
      { phase: 'reading', done: 0, total: 12 },
      { phase: 'reading', done: 12, total: 12 },
    ]);
  });

  it('stops a cancelled re-index cleanly, and the next one finishes the job', async () => {
    const k = kit();
    gemini.double.script('batchEmbedContents', hang());
    const controller = new AbortController();
    const cancelledRun = k.service.reindex({ signal: controller.signal });
    await vi.waitFor(() => expect(gemini.double.requestsFor('batchEmbedContents').length).toBeGreaterThan(0));
    controller.abort();
    expect(await cancelledRun).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    const stopped = await settled(k.service);
    expect(stopped).toMatchObject({ notes: 3, embedded: 0, issue: null, indexedAt: null });

    const finished = await k.service.reindex();
    expect(finished).toMatchObject({ ok: true, value: { embedded: stopped.chunks, issue: null } });
  });

  it("keeps the vectors already stored when the day's quota runs out, and says so", async () => {
    const k = await started();
    writeNote(k.folder, 'wifi.md', '# Wifi\n\nThe guest password is on the fridge.\n');
    gemini.double.script('batchEmbedContents', quotaExceeded({ perDay: true }));
    k.watch.change();
    const status = await settled(k.service);

    expect(status.issue).toMatchObject({ reason: 'rate_limited', message: expect.stringMatching(/daily Gemini quota/) });
    expect(status).toMatchObject({ notes: 4, embedded: k.first.embedded, mode: 'hybrid' });
    expect(status.chunks).toBeGreaterThan(status.embedded);
  });

  it('publishes a new floor at once', async () => {
    const k = await started();
    k.update({ knowledgeBase: { floors: { [MODEL]: 0.7 } } });
    expect(k.published.at(-1)?.floor).toEqual({ value: 0.7, source: 'settings' });
    expect(k.service.status().state).toBe('idle');
  });

  it('stops watching and abandons the pass under way when closed', async () => {
    const k = kit();
    const held = k.holdPasses();
    k.service.start();
    await vi.waitFor(() => expect(k.key.checks).toBe(1));
    const waiting = k.service.reindex();
    const publishedBefore = k.published.length;

    k.service.close();
    held.open();

    expect(await waiting).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(k.watch.watched()).toEqual([]);
    expect(k.published).toHaveLength(publishedBefore);
    expect(gemini.double.requests).toHaveLength(0);
    expect(await k.service.reindex()).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
  });
});

describe('knowledge service: notes the app writes (meeting notes)', () => {
  const STANDUP = '# Standup\n\nWe moved the release to the ninth.\n\n## Owners\n\nLena checks the translations.\n';

  it('a pass over the notes just written reads them alone, and answers once they are searchable', async () => {
    const k = await started();
    writeNote(k.folder, 'Meetings/standup.md', STANDUP);
    const seen: IndexProgressEvent[] = [];
    const result = await k.service.reindex({ notes: ['Meetings/standup.md'], onProgress: (progress) => seen.push(progress) });

    expect(seen[0]).toEqual({ phase: 'reading', done: 0, total: 1 });
    expect(lexicalHits(k.db, 'translations')).toBe(1);
    expect(embeddedTitles(gemini.double)).toEqual(Array(chunkCount(k.db, 'Meetings/standup.md')).fill('Standup'));
    expect(result).toMatchObject({ ok: true, value: { notes: 4, issue: null } });
    if (result.ok) expect(result.value.embedded).toBe(result.value.chunks);
    expect(notePaths(k.db)).toEqual(['Meetings/standup.md', 'guides/holidays.md', 'printer.md', 'vpn.md']);
  });

  it('takes a note named that is gone, or is no note, out of the index and leaves the others be', async () => {
    const k = await started();
    rmSync(join(k.folder, 'printer.md'));
    symlinkSync(join(k.folder, 'vpn.md'), join(k.folder, 'printer.md'));
    await k.service.reindex({ notes: ['printer.md'] });
    expect(notePaths(k.db)).toEqual(['guides/holidays.md', 'vpn.md']);
    expect(lexicalHits(k.db, 'toner')).toBe(0);
  });

  it('reads a note written while a pass runs once that pass is done', async () => {
    const k = kit();
    const held = k.holdPasses();
    k.service.start();
    await vi.waitFor(() => expect(k.key.checks).toBe(1));

    writeNote(k.folder, 'Meetings/standup.md', STANDUP);
    const saved = k.service.reindex({ notes: ['Meetings/standup.md'] });
    held.open();
    expect(await saved).toMatchObject({ ok: true, value: { notes: 4 } });
    expect(k.key.checks).toBe(2);
  });

  it('indexes the notes beside the guide with it, under their prefix, watches them and opens them where they are', async () => {
    const beside = makeTempDir();
    writeNote(beside, 'standup.md', STANDUP);
    const k = await started({ path: null, besideGuide: { prefix: 'meetings', folder: beside } });

    expect(notePaths(k.db)).toContain('meetings/standup.md');
    expect(k.first).toMatchObject({ folder: { path: SHIPPED_GUIDE, isDefault: true }, issue: null });
    expect(k.watch.watched()).toEqual([SHIPPED_GUIDE, beside]);
    expect(k.service.locate('meetings/standup.md')).toEqual({ folder: beside, path: 'standup.md' });
    expect(k.service.locate('en/getting-started.md')).toEqual({ folder: SHIPPED_GUIDE, path: 'en/getting-started.md' });
    expect(k.service.hasNote('meetings/standup.md')).toBe(true);

    // A new one is searchable by a pass over it alone.
    writeNote(beside, 'retro.md', '# Retro\n\nThe builds were slow all sprint.\n');
    await k.service.reindex({ notes: ['meetings/retro.md'] });
    expect(lexicalHits(k.db, 'sprint')).toBe(1);

    // The member's own folder holds their meeting notes: those beside the guide are not in it.
    const vault = smallVault();
    k.update({ knowledgeBase: { path: vault } });
    await settled(k.service);
    expect(notePaths(k.db).filter((path) => path.startsWith('meetings/'))).toEqual([]);
    expect(k.watch.watched()).toEqual([vault]);
    expect(k.service.locate('meetings/standup.md')).toEqual({ folder: vault, path: 'meetings/standup.md' });
  });

  it('indexes the guide alone, with no issue, until the folder beside it is made', async () => {
    const beside = join(makeTempDir(), 'meetings');
    const k = await started({ path: null, besideGuide: { prefix: 'meetings', folder: beside } });
    expect(k.first).toMatchObject({ notes: (await listNoteFiles(SHIPPED_GUIDE)).length, issue: null });
  });
});

describe('knowledge service: embedded count', () => {
  it('counts only vectors of the current model and size', async () => {
    const k = await started();
    k.db.prepare('UPDATE kb_chunks SET embedding = ?, dims = 2 WHERE path = ?').run(Buffer.alloc(8), 'printer.md');
    expect(k.service.status().embedded).toBe(k.first.embedded - chunkCount(k.db, 'printer.md'));
  });
});
