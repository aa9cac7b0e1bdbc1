import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { GEMINI, ORACLE } from '../../shared/limits';
import { fuseRanks } from '../../electron/main/knowledge/rank-fusion';
import { ftsAnyOf, loadChunks, retrieve, searchLexical, searchVectors } from '../../electron/main/knowledge/retrieve';
import { queryWords } from '../../electron/main/knowledge/words';
import { cosineWithUnit, decodeVector, encodeVector, toUnitVector } from '../../electron/main/knowledge/vector-codec';
import { vectorIndexFor } from '../../electron/main/knowledge/vector-index';
import { resolveLinkTargets } from '../../electron/main/knowledge/link-targets';
import { openDatabase } from '../../electron/main/store/open-database';
import { medianMs, percentile, record } from './measure';
import { createRandom } from '../doubles/zoho-seed-kit';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { prepareGuideEvaluation } from '../support/oracle/guide-eval';

/*
 * A synthetic base shaped like a real one, because both sides of retrieval are sensitive to the shape:
 * - Words follow Zipf's law over a vocabulary of several thousand (the n-th most common word is n times rarer
 *   than the first), so a few words ("de", "the") appear in nearly every chunk and most are rare. A small
 *   uniform vocabulary would make every question match every chunk, which no real base does.
 * - Notes are a few hundred words, split like the indexer does into chunks of at most ~220 words (about
 *   ORACLE.chunkMaxChars). Each note is about one topic: a quarter of its words come from that topic's words.
 * - A chunk's vector lies near its topic's direction (cosine ~0.6 with it), as embeddings of related text do.
 * - Questions are 3 to 8 words, common words and a few of one topic's words, with a vector near that topic.
 */
const DIMS = 768;
const MODEL = 'bench-embedding';
const QUERIES = 30;
const VOCABULARY = 6_000;
const TOPICS = 300;
const WORDS_PER_TOPIC = 25;
const CHUNK_MAX_WORDS = 220;
/** How many earlier notes on its topic each note links. */
const LINKS_PER_NOTE = 2;
/** What embed-chunks stores per transaction: one step of the gateway's full concurrency. */
const EMBEDDING_STEP = GEMINI.embeddingBatchMax * GEMINI.embeddingConcurrency;
const FOLLOWED_STEPS = 9;
const RELOADED_STEPS = 3;

/** A repeatable stream in [0, 1): the seeded mailbox's mulberry32. */
const seededRandom = (seed: number): (() => number) => createRandom(seed).next;

interface Language {
  readonly zipfWord: () => string;
  readonly topics: { readonly words: string[]; readonly direction: Float32Array }[];
}

/** Pseudo-words from Spanish-like syllables (some accented, so the diacritics folding has work to do). */
function makeLanguage(random: () => number): Language {
  const syllables = 'ba ce di fo gu la me ni po ru sa te vi zo ca de fi go lu ma ne pi ro su ta ve ña ció é ón'.split(' ');
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    // The commonest words are short, as in real languages.
    const length = words.size < 100 ? 1 + Math.floor(random() * 2) : 2 + Math.floor(random() * 3);
    words.add(Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]!).join(''));
  }
  const vocabulary = [...words];
  const cumulative = new Float64Array(VOCABULARY);
  let sum = 0;
  vocabulary.forEach((_, rank) => (cumulative[rank] = sum += 1 / (rank + 1)));
  const zipfWord = () => {
    const target = random() * sum;
    let low = 0;
    let high = VOCABULARY - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low]!;
  };
  const topics = Array.from({ length: TOPICS }, () => ({
    // Topic words are never among the 300 commonest.
    words: Array.from({ length: WORDS_PER_TOPIC }, () => vocabulary[300 + Math.floor(random() * (VOCABULARY - 300))]!),
    direction: randomUnitVector(random),
  }));
  return { zipfWord, topics };
}

function randomUnitVector(random: () => number): Float32Array {
  const vector = new Float32Array(DIMS);
  for (let i = 0; i < DIMS; i++) vector[i] = random() * 2 - 1;
  return toUnitVector(vector);
}

/** A unit vector whose cosine with `direction` is about 0.6. */
function near(direction: Float32Array, random: () => number): Float32Array {
  const noise = randomUnitVector(random);
  return toUnitVector(direction.map((value, i) => 0.6 * value + 0.8 * noise[i]!));
}

function text(language: Language, topic: Language['topics'][number], random: () => number, words: number): string {
  return Array.from({ length: words }, () =>
    random() < 0.25 ? topic.words[Math.floor(random() * WORDS_PER_TOPIC)]! : language.zipfWord(),
  ).join(' ');
}

/** `rows` chunks with 768-dim vectors, cut from notes of 150 to 600 words, written in one transaction. */
function buildBase(rows: number, language: Language, random: () => number): { db: Database.Database; dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-oracle-bench-'));
  const file = join(dir, 'app.db');
  const opened = openDatabase(file);
  if (!opened.ok) throw new Error(opened.error.message);
  const db = opened.db;
  const insert = db.prepare(
    `INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, embedding, embedding_model, dims, links)
     VALUES ('kb', ?, ?, ?, ?, 'hash', ?, ?, ?, ?)`,
  );
  const insertNote = db.prepare(`INSERT INTO kb_notes (collection, path, title, content_hash) VALUES ('kb', ?, ?, 'hash')`);
  // Notes link by file name, as in Obsidian, to the last notes written on their topic: the ranking's link lending
  // (and its resolver) has links to follow among the passages found, as in a real vault.
  const notesOfTopic = new Map<Language['topics'][number], number[]>();
  db.transaction(() => {
    let written = 0;
    for (let note = 0; written < rows; note++) {
      const topic = language.topics[Math.floor(random() * TOPICS)]!;
      const title = text(language, topic, random, 3);
      const earlier = notesOfTopic.get(topic) ?? [];
      const links = JSON.stringify(earlier.slice(-LINKS_PER_NOTE).map((linked) => ({ note: `note-${linked}` })));
      notesOfTopic.set(topic, [...earlier.slice(-LINKS_PER_NOTE), note]);
      insertNote.run(`note-${note}.md`, title);
      for (let left = 150 + Math.floor(random() * 450); left > 0 && written < rows; left -= CHUNK_MAX_WORDS) {
        const vector = near(topic.direction, random);
        insert.run(
          `note-${note}.md`,
          title,
          text(language, topic, random, 2),
          text(language, topic, random, Math.min(left, CHUNK_MAX_WORDS)),
          Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
          MODEL,
          DIMS,
          links,
        );
        written++;
      }
    }
  })();
  // As the indexer does after a pass: every chunk's links resolved to the notes they lead to (issue 26).
  resolveLinkTargets(db, 'kb', { all: true });
  return { db, dir, file };
}

function question(language: Language, random: () => number): { text: string; vector: Float32Array } {
  const topic = language.topics[Math.floor(random() * TOPICS)]!;
  const topicWords = 1 + Math.floor(random() * 3);
  const commonWords = 2 + Math.floor(random() * 4);
  const words = [
    ...Array.from({ length: commonWords }, () => language.zipfWord()),
    ...Array.from({ length: topicWords }, () => topic.words[Math.floor(random() * WORDS_PER_TOPIC)]!),
  ];
  return { text: words.join(' '), vector: near(topic.direction, random) };
}

/** The best `count` of every stored vector by cosine, each BLOB read and compared. */
function bruteForceVectors(db: Database.Database, queryVector: Float32Array, count: number) {
  const unit = toUnitVector(queryVector);
  const scratch = new Float32Array(DIMS);
  const best: { id: number; cosine: number }[] = [];
  const rows = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ?')
    .raw()
    .iterate(MODEL, DIMS) as IterableIterator<[number, Buffer]>;
  for (const [id, blob] of rows) {
    const cosine = cosineWithUnit(unit, decodeVector(blob, scratch));
    const last = best[count - 1];
    if (last && (cosine < last.cosine || (cosine === last.cosine && id > last.id))) continue;
    best.push({ id, cosine });
    best.sort((a, b) => b.cosine - a.cosine || a.id - b.id);
    best.length = Math.min(best.length, count);
  }
  return best;
}

/**
 * The baseline: the same retrieval done the simplest way. Every stored BLOB is read and compared, bm25 scores
 * every chunk matching any of the question's words; then the same fusion and the same loading of the rows.
 */
function bruteForceRetrieve(db: Database.Database, queryText: string, queryVector: Float32Array) {
  const depth = Math.max(ORACLE.retrievalChunks, ORACLE.fusionCandidatesPerSide);
  const ftsQuery = ftsAnyOf(queryWords(queryText));
  const lexical = ftsQuery === null ? [] : searchLexical(db, ftsQuery, depth);
  const vector = bruteForceVectors(db, queryVector, depth);
  const fused = fuseRanks([vector.map((hit) => hit.id), lexical], ORACLE.fusionK).slice(0, ORACLE.retrievalChunks);
  loadChunks(
    db,
    fused.map((item) => item.id),
  );
  return vector;
}

/**
 * Chunks the indexer has just written, not embedded yet (`steps` embedding steps' worth), with the vector each
 * will get: embedding a large base stores such steps for many minutes while questions keep coming.
 */
function pendingChunks(db: Database.Database, language: Language, random: () => number, steps: number) {
  const insert = db.prepare(
    `INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash)
     VALUES ('kb', ?, 'pending', 'pending', ?, 'hash')`,
  );
  return Array.from({ length: steps }, (_, step) =>
    db.transaction(() =>
      Array.from({ length: EMBEDDING_STEP }, (_, i) => {
        const topic = language.topics[Math.floor(random() * TOPICS)]!;
        const written = insert.run(`pending-${step}-${i}.md`, text(language, topic, random, CHUNK_MAX_WORDS));
        return { id: Number(written.lastInsertRowid), vector: near(topic.direction, random) };
      }),
    )(),
  );
}

/** One embedding step, stored as embed-chunks stores it: one transaction of UPDATEs. */
function storeStep(db: Database.Database, step: readonly { id: number; vector: Float32Array }[]): void {
  const update = db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = ? WHERE id = ?');
  db.transaction(() => {
    for (const { id, vector } of step) update.run(encodeVector(vector), MODEL, DIMS, id);
  })();
}

/**
 * The first question after each embedding step, two ways in the same run: the step stored through the
 * question's own connection, whose index follows the 200 rows; and the step stored through a second
 * connection, which only tells the index that something changed, so it loads again (what every step cost
 * before the index followed changes).
 */
function measureEmbeddingSteps(
  db: Database.Database,
  file: string,
  language: Language,
  random: () => number,
  ask: (query: ReturnType<typeof question>) => unknown,
  label: string,
): void {
  const steps = pendingChunks(db, language, random, FOLLOWED_STEPS + RELOADED_STEPS);
  const queries = steps.map(() => question(language, random));
  ask(queries[0]!);
  const followed = vectorIndexFor(db, MODEL, DIMS);
  /** Stores step `i` through `writer`, then times the first question after it. */
  const firstQuestionAfter = (writer: Database.Database, i: number) => {
    storeStep(writer, steps[i]!);
    const start = performance.now();
    ask(queries[i]!);
    return performance.now() - start;
  };

  const followedMs = Array.from({ length: FOLLOWED_STEPS }, (_, i) => firstQuestionAfter(db, i));
  expect(vectorIndexFor(db, MODEL, DIMS)).toBe(followed);
  const check = queries[0]!.vector;
  const depth = ORACLE.fusionCandidatesPerSide;
  expect(searchVectors(db, check, MODEL, depth).hits).toEqual(bruteForceVectors(db, check, depth));

  const other = new Database(file, { timeout: 5_000 });
  const reloadedMs = (() => {
    try {
      return Array.from({ length: RELOADED_STEPS }, (_, i) => firstQuestionAfter(other, FOLLOWED_STEPS + i));
    } finally {
      other.close();
    }
  })();
  expect(vectorIndexFor(db, MODEL, DIMS)).not.toBe(followed);

  const followedP50 = percentile(followedMs, 50);
  const reloadedP50 = percentile(reloadedMs, 50);
  const name = `oracle_query_after_${EMBEDDING_STEP}_new_vectors`;
  record({ name: `${name}_ms_${label}`, value: followedP50, target: 'index follows the step' });
  record({ name: `${name}_reload_ms_${label}`, value: reloadedP50, target: 'baseline: whole index loaded again' });
  record({ name: `${name}_speedup_${label}`, value: reloadedP50 / followedP50, target: 'x vs baseline' });
}

async function measure(rows: number, label: string, target: string): Promise<void> {
  const random = seededRandom(rows);
  const language = makeLanguage(random);
  const { db, dir, file } = buildBase(rows, language, random);
  try {
    const queries = Array.from({ length: QUERIES }, () => question(language, random));
    const ask = (query: (typeof queries)[number]) =>
      retrieve(db, { queryText: query.text, queryVector: query.vector, model: MODEL, limit: ORACLE.retrievalChunks });

    // The first question loads the index, as the first question after start or after indexing does.
    const loadStart = performance.now();
    const warm = ask(queries[0]!);
    const loadMs = performance.now() - loadStart;
    expect(warm.mode).toBe('hybrid');
    expect(warm.chunks).toHaveLength(ORACLE.retrievalChunks);
    const index = vectorIndexFor(db, MODEL, DIMS);
    expect(index.matrix.engine).toBe('wasm-simd');

    let next = 0;
    const indexedMs = await medianMs(QUERIES, () => ask(queries[next++ % QUERIES]!));
    next = 0;
    const bruteForce: ReturnType<typeof bruteForceRetrieve>[] = [];
    const bruteForceMs = await medianMs(
      QUERIES,
      () => {
        const query = queries[next++ % QUERIES]!;
        return bruteForceRetrieve(db, query.text, query.vector);
      },
      (hits) => bruteForce.push(hits),
    );

    // Quantisation must not change the vector side: the same chunks, order and cosines as the brute force.
    queries.forEach((query, i) => {
      const hits = searchVectors(db, query.vector, MODEL, ORACLE.fusionCandidatesPerSide).hits;
      expect(hits).toEqual(bruteForce[i]);
    });

    record({ name: `oracle_query_ms_p50_${label}`, value: indexedMs, target });
    record({ name: `oracle_query_bruteforce_ms_p50_${label}`, value: bruteForceMs, target: 'baseline' });
    record({ name: `oracle_speedup_${label}`, value: bruteForceMs / indexedMs, target: 'x vs baseline' });
    record({ name: `oracle_index_load_ms_${label}`, value: loadMs, target: 'first question after a change' });
    record({
      name: `oracle_index_mb_${label}`,
      value: index.byteLength / 1e6,
      target: `Float32 would hold ${((rows * DIMS * 4) / 1e6).toFixed(0)}`,
    });
    measureEmbeddingSteps(db, file, language, random, ask, label);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

it('measures oracle retrieval over 10k chunks', async () => {
  await measure(10_000, '10k', '<= 5');
});

it('measures oracle retrieval over 100k chunks', { timeout: 600_000 }, async () => {
  await measure(100_000, '100k', '<= 30');
});

/**
 * Issue 15: the labelled question set over the shipped guide, through the real retrieval with the test embeddings
 * (`npm run oracle:eval` prints the same), next to the naive baseline measured in the same run.
 */
it('evaluates retrieval over the shipped guide', async () => {
  const evaluation = await prepareGuideEvaluation(createMemoryLogger());
  if (!evaluation.ok) throw new Error(evaluation.error.message);
  try {
    expect(evaluation.value.problems).toEqual([]);
    const { ranking, listed, baseline } = evaluation.value.prepared.evaluate();
    record({ name: 'oracle_eval_hit1', value: ranking.hit1, target: '>= 0.9' });
    record({ name: 'oracle_eval_hit5', value: ranking.hit5, target: '= 1.0' });
    record({ name: 'oracle_eval_mrr', value: ranking.mrr, target: 'vs baseline' });
    record({ name: 'oracle_eval_listed_hit5', value: listed.hit5, target: '= 1.0: what the Oracle lists, not only ranks' });
    record({ name: 'oracle_eval_baseline_hit1', value: baseline.hit1, target: 'baseline: title-prefixed heading chunks, cosine only' });
    record({ name: 'oracle_eval_baseline_hit5', value: baseline.hit5, target: 'baseline' });
    record({ name: 'oracle_eval_baseline_mrr', value: baseline.mrr, target: 'baseline' });
  } finally {
    await evaluation.value.close();
  }
});
