import type Database from 'better-sqlite3';
import { z } from 'zod';
import { GEMINI } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { GeminiGateway } from '../gemini/gateway';
import { createNoteLinkResolver, linkedNotePaths, noteKey } from './resolve-note-link';
import { cosineWithUnit, decodeVector, toUnitVector } from './vector-codec';

/** Pairs drawn for each distribution unless asked otherwise: the questions fit in two embedding requests. */
const DEFAULT_SAMPLE_PAIRS = 200;
/** With fewer pairs than this, one sample moves a percentile: the suggestion is then reported as rough. */
const RELIABLE_PAIRS = 30;
/** Random draws allowed for each wanted pair, so a base where nearly every note is related still ends. */
const DRAWS_PER_PAIR = 20;

export interface CalibrateFloorOptions {
  /** A base already indexed and embedded: chunks with vectors of `model` at `dimensions`. */
  readonly db: Database.Database;
  readonly gateway: GeminiGateway;
  readonly model: string;
  readonly dimensions: number;
  /** At most this many pairs for each distribution (default 200). */
  readonly samplePairs?: number;
  /** Uniform in [0, 1); a seeded one makes the report repeatable. */
  readonly random?: () => number;
  readonly signal?: AbortSignal;
}

/** Cosine similarities, summarised. */
export interface SimilarityDistribution {
  readonly n: number;
  readonly min: number;
  readonly p5: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p95: number;
  readonly max: number;
}

export interface FloorCalibration {
  readonly model: string;
  readonly dimensions: number;
  /** Notes and chunks with a vector of the model: what the pairs were drawn from. */
  readonly notes: number;
  readonly chunks: number;
  /** Two chunks of unrelated notes, document against document: how high this model scores text on other topics. */
  readonly unrelatedDocuments: SimilarityDistribution;
  /** A chunk's heading path asked as a question, against that chunk: what a right answer scores. */
  readonly positives: SimilarityDistribution;
  /** The same question against a chunk of an unrelated note: what a wrong answer scores, as the oracle sees it. */
  readonly negatives: SimilarityDistribution;
  /** For Settings > Knowledge base > Relevance floor, two decimals. */
  readonly suggestedFloor: number;
  /** True when nearly every wrong answer (95th percentile) scores below three right answers in four (25th). */
  readonly separated: boolean;
  /** Sentences for the member: why the suggestion deserves less trust, if it does. */
  readonly warnings: readonly string[];
}

interface NoteInfo {
  readonly key: string;
  readonly tags: ReadonlySet<string>;
  /** Keys of the notes this one links with [[...]]. */
  readonly linked: ReadonlySet<string>;
}

interface ChunkInfo {
  readonly id: number;
  readonly note: NoteInfo;
  readonly chunkTitle: string;
}

/** A heading's section: its chunks share a heading path, asked once as a question. */
interface Section {
  readonly note: NoteInfo;
  readonly chunkTitle: string;
  readonly ids: number[];
}

// What the indexer writes into kb_notes.tags; anything else reads as none.
const tagsSchema = z.array(z.string()).catch([]);

/**
 * O9: measures how `model` scores this base, so the relevance floor can be chosen rather than assumed. Unrelated
 * notes (neither links the other and they share no tag) give the wrong answers; each heading path, asked as a
 * question (RETRIEVAL_QUERY), gives a right answer in its own chunk. The suggested floor sits halfway between the
 * wrong answers' 95th percentile and the right answers' 25th when the first is below the second; otherwise it is
 * that 95th percentile, with a warning that the model tells this base's topics apart poorly.
 */
export async function calibrateFloor(options: CalibrateFloorOptions): Promise<Result<FloorCalibration>> {
  const { db, gateway, model, dimensions, signal } = options;
  const samplePairs = options.samplePairs ?? DEFAULT_SAMPLE_PAIRS;
  const random = options.random ?? Math.random;
  const chunks = readChunks(db, model, dimensions);
  const noteCount = new Set(chunks.map((chunk) => chunk.note.key)).size;
  if (noteCount < 2) {
    return err('NOT_CONFIGURED', `Index and embed at least two notes with ${model} before calibrating its floor.`, {
      reason: 'not_embedded',
    });
  }
  const vectorOf = createVectorReader(db);
  const drawUnrelated = (note: NoteInfo): ChunkInfo | null => {
    for (let draw = 0; draw < DRAWS_PER_PAIR; draw++) {
      const other = pick(chunks, random);
      if (!related(note, other.note)) return other;
    }
    return null;
  };

  const unrelatedDocuments: number[] = [];
  for (let draw = 0; draw < samplePairs * DRAWS_PER_PAIR && unrelatedDocuments.length < samplePairs; draw++) {
    const a = pick(chunks, random);
    const b = pick(chunks, random);
    if (!related(a.note, b.note)) unrelatedDocuments.push(cosineWithUnit(toUnitVector(vectorOf(a.id)), vectorOf(b.id)));
  }

  const sections = sample(sectionsOf(chunks), samplePairs, random);
  const questions = await gateway.embed(
    sections.map((section) => questionOf(section.chunkTitle)),
    {
      model,
      dimensions,
      taskType: 'RETRIEVAL_QUERY',
      attempts: GEMINI.embeddingAttempts,
      timeoutMs: GEMINI.embeddingTimeoutMs,
      // A command run by hand, with nothing else to do meanwhile: it sits out a long quota wait.
      quotaWaitMaxMs: GEMINI.backgroundQuotaWaitMaxMs,
      ...(signal ? { signal } : {}),
    },
  );
  if (!questions.ok) return questions;

  const positives: number[] = [];
  const negatives: number[] = [];
  sections.forEach((section, index) => {
    const question = toUnitVector(questions.value[index]!);
    positives.push(Math.max(...section.ids.map((id) => cosineWithUnit(question, vectorOf(id)))));
    const wrong = drawUnrelated(section.note);
    if (wrong) negatives.push(cosineWithUnit(question, vectorOf(wrong.id)));
  });
  if (unrelatedDocuments.length === 0 || negatives.length === 0) {
    return err(
      'NOT_CONFIGURED',
      'Every note of this base links or shares a tag with the others, so there is nothing unrelated to measure against. Calibrate on a broader base.',
      { reason: 'no_unrelated_notes' },
    );
  }
  return ok(
    report({
      model,
      dimensions,
      notes: noteCount,
      chunks: chunks.length,
      unrelatedDocuments: distributionOf(unrelatedDocuments),
      positives: distributionOf(positives),
      negatives: distributionOf(negatives),
    }),
  );
}

function report(measured: Omit<FloorCalibration, 'suggestedFloor' | 'separated' | 'warnings'>): FloorCalibration {
  const { model, positives, negatives } = measured;
  const separated = negatives.p95 < positives.p25;
  const warnings: string[] = [];
  if (!separated) {
    warnings.push(
      `${model} separates this base poorly: one wrong answer in twenty scores ${negatives.p95.toFixed(3)} or more, ` +
        `while a quarter of the right answers score ${positives.p25.toFixed(3)} or less. The suggested floor keeps ` +
        'out nearly every wrong answer, so some right answers will fall below it too.',
    );
  }
  const fewest = Math.min(measured.unrelatedDocuments.n, positives.n, negatives.n);
  if (fewest < RELIABLE_PAIRS) {
    warnings.push(`Only ${fewest} pairs could be drawn, so the percentiles are rough: calibrate again on a larger base.`);
  }
  const suggestedFloor = separated ? roundTo2((negatives.p95 + positives.p25) / 2) : ceilTo2(negatives.p95);
  return { ...measured, suggestedFloor, separated, warnings };
}

/** "Connect Zoho > Device code" becomes "Connect Zoho, Device code": the words a member would type. */
export function questionOf(chunkTitle: string): string {
  return chunkTitle.split(' > ').join(', ');
}

/** Percentiles by linear interpolation between the closest ranks. `values` must not be empty. */
export function distributionOf(values: readonly number[]): SimilarityDistribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number => {
    const rank = (p / 100) * (sorted.length - 1);
    const below = Math.floor(rank);
    const low = sorted[below]!;
    const high = sorted[Math.min(below + 1, sorted.length - 1)]!;
    return low + (high - low) * (rank - below);
  };
  return { n: sorted.length, min: at(0), p5: at(5), p25: at(25), median: at(50), p75: at(75), p95: at(95), max: at(100) };
}

/** Same note, a link either way, or a shared tag: close enough that a high score would be no mistake. */
function related(a: NoteInfo, b: NoteInfo): boolean {
  if (a.key === b.key || a.linked.has(b.key) || b.linked.has(a.key)) return true;
  for (const tag of a.tags) if (b.tags.has(tag)) return true;
  return false;
}

/** The chunks with a vector of the model, each with its note's tags and resolved links. */
function readChunks(db: Database.Database, model: string, dimensions: number): ChunkInfo[] {
  const rows = db
    .prepare(
      'SELECT id, collection, path, chunk_title FROM kb_chunks WHERE embedding_model = ? AND dims = ? ORDER BY id',
    )
    .all(model, dimensions) as Array<{ id: number; collection: string; path: string; chunk_title: string }>;
  const tagsOf = db.prepare('SELECT tags FROM kb_notes WHERE collection = ? AND path = ?').pluck();
  const linksOf = db.prepare('SELECT links FROM kb_chunks WHERE collection = ? AND path = ?').pluck();
  const resolve = createNoteLinkResolver(db);
  const notes = new Map<string, NoteInfo>();
  const noteOf = (collection: string, path: string): NoteInfo => {
    const key = noteKey(collection, path);
    const known = notes.get(key);
    if (known) return known;
    const tags = tagsSchema.parse(JSON.parse((tagsOf.get(collection, path) as string | undefined) ?? '[]'));
    const linked = new Set<string>();
    for (const links of linksOf.all(collection, path) as string[]) {
      for (const target of linkedNotePaths(resolve, collection, path, links)) linked.add(noteKey(collection, target));
    }
    const note = { key, tags: new Set(tags.map((tag) => tag.toLowerCase())), linked };
    notes.set(key, note);
    return note;
  };
  return rows.map((row) => ({ id: row.id, note: noteOf(row.collection, row.path), chunkTitle: row.chunk_title }));
}

function createVectorReader(db: Database.Database): (id: number) => Float32Array {
  const select = db.prepare('SELECT embedding FROM kb_chunks WHERE id = ?').pluck();
  return (id) => decodeVector(select.get(id) as Buffer);
}

function sectionsOf(chunks: readonly ChunkInfo[]): Section[] {
  const sections = new Map<string, Section>();
  for (const chunk of chunks) {
    const key = `${chunk.note.key}\u0000${chunk.chunkTitle}`;
    const section = sections.get(key);
    if (section) section.ids.push(chunk.id);
    else sections.set(key, { note: chunk.note, chunkTitle: chunk.chunkTitle, ids: [chunk.id] });
  }
  return [...sections.values()];
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/** Up to `count` distinct items in random order (a partial Fisher-Yates shuffle of a copy). */
function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const size = Math.min(count, pool.length);
  for (let i = 0; i < size; i++) {
    const j = i + Math.min(pool.length - i - 1, Math.floor(random() * (pool.length - i)));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}


function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Up to the next hundredth, so a floor set from a percentile is never below it; a float's last bit is forgiven. */
function ceilTo2(value: number): number {
  return Math.ceil(value * 100 - 1e-9) / 100;
}
