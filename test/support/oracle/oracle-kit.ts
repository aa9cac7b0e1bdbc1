/**
 * Test-only: the real oracle over the real gateway (against the Gemini double), a real database whose chunks
 * were indexed from small notes and embedded by the double, a settable key, language and floor, and a clock
 * moved by hand.
 */
import type { Content } from '@google/genai';
import { expect } from 'vitest';
import type Database from 'better-sqlite3';
import type { Lang } from '../../../shared/lang';
import { GEMINI } from '../../../shared/limits';
import { oracleAskInputSchema, type OracleAnswer, type OracleSource, type OracleTurn } from '../../../shared/oracle';
import type { Result } from '../../../shared/result';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import type { GeminiDouble, RecordedRequest } from '../../doubles/gemini-double';
import { createGatewayKit } from '../gateway-test-kit';
import { knowledgeDatabase } from '../knowledge/chunks';
import type { GeminiGateway } from '../../../electron/main/gemini/gateway';
import { embedChunks, embedQuery } from '../../../electron/main/knowledge/embed-chunks';
import { retrieve } from '../../../electron/main/knowledge/retrieve';
import { indexNotes } from '../../../electron/main/knowledge/index-folder';
import type { NoteFile } from '../../../electron/main/knowledge/list-note-files';
import { createMemoryLogger } from '../../../electron/main/log/logger';
import { createOracle, type Oracle } from '../../../electron/main/oracle/oracle';
import { createAiChannel } from '../../../electron/main/rate-limit/ai-budgets';

export const ANA = 'ana@crearack.com';
export const BEN = 'ben@crearack.com';
export const EMBEDDING_MODEL = DEFAULT_SETTINGS.models.embedding;
export const ORACLE_MODEL = DEFAULT_SETTINGS.models.oracle;
/**
 * The floor the tests calibrate for the double's model: its hashed bag-of-words vectors make cosine a measure of
 * shared words, so a question in a note's own words clears it (0.45 to 0.55 on TEAM_NOTES) and one sharing only
 * "the" or "for" does not (under 0.25).
 */
export const DOUBLE_FLOOR = 0.4;

/** Path -> Markdown. */
export type Notes = Readonly<Record<string, string>>;

export interface OracleKitOptions {
  notes: Notes;
  /** Whether the chunks get vectors before the first question (default true). */
  embed?: boolean;
  /** Whether the member has a Gemini key (default true). */
  key?: boolean;
  lang?: Lang;
  floors?: Record<string, number>;
  /** settings.models.oracle (default: the shipped one, a Gemini model with JSON mode). */
  oracleModel?: string;
  /** How far the clock moves during each model call, as the network's time would. */
  modelLatencyMs?: number;
  /** The question embedding's budget, when a test spends it by hand (OracleDeps.deadline). */
  deadline?: (ms: number) => AbortSignal;
}

export interface AskOptions {
  history?: OracleTurn[];
  member?: string;
  signal?: AbortSignal;
}

export interface OracleKit {
  oracle: Oracle;
  db: Database.Database;
  log: ReturnType<typeof createMemoryLogger>;
  gateway: GeminiGateway;
  clock: { now(): number; advance(ms: number): void };
  setKey(present: boolean): void;
  /** Through oracleAskInputSchema, as the IPC registry hands it over. */
  ask(question: string, options?: AskOptions): Promise<Result<OracleAnswer>>;
  /** Every request the double received since the kit was ready (the corpus embedding left out). */
  requests(): RecordedRequest[];
  generateRequests(): RecordedRequest[];
  /** The text of each query embedding since the kit was ready, in order. */
  embeddedQueries(): string[];
  /** Every wait the gateway's retry policy asked for; nothing really sleeps. */
  delays: readonly number[];
  /** The cosine of each chunk the retrieval finds for `queryText`, keyed by `path#chunkTitle` (the best piece's). */
  cosines(queryText: string): Promise<Map<string, number>>;
}

/** Monday 12 August 2026, 10:00 on the machine's own clock. */
export const KIT_START = new Date(2026, 7, 12, 10, 0, 0).getTime();

export async function createOracleKit(double: GeminiDouble, options: OracleKitOptions): Promise<OracleKit> {
  const db = knowledgeDatabase();
  const { gateway: realGateway, delays } = createGatewayKit(double);
  await indexNotes({ db, collection: 'kb', files: noteFiles(options.notes) });
  if (options.embed ?? true) {
    const embedded = await embedChunks({ db, gateway: realGateway, model: EMBEDDING_MODEL, dimensions: GEMINI.embeddingDimensions });
    if (!embedded.ok) throw new Error(`the double did not embed the test notes: ${embedded.error.message}`);
  }
  const since = double.requests.length;
  const log = createMemoryLogger();
  let key = options.key ?? true;
  let current = KIT_START;
  const gateway: GeminiGateway = {
    ...realGateway,
    generateJson(request) {
      current += options.modelLatencyMs ?? 0;
      return realGateway.generateJson(request);
    },
  };
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    models: { ...DEFAULT_SETTINGS.models, oracle: options.oracleModel ?? ORACLE_MODEL },
    knowledgeBase: { hint: null, path: null, floors: options.floors ?? { [EMBEDDING_MODEL]: DOUBLE_FLOOR } },
  };
  const oracle = createOracle({
    db,
    gateway,
    settings: () => settings,
    hasGeminiKey: async () => key,
    limiter: createAiChannel({ now: () => current }),
    lang: () => options.lang ?? 'en',
    now: () => current,
    log,
    ...(options.deadline ? { deadline: options.deadline } : {}),
  });
  const requests = () => double.requests.slice(since);
  return {
    oracle,
    db,
    log,
    gateway,
    clock: {
      now: () => current,
      advance(ms) {
        current += ms;
      },
    },
    setKey(present) {
      key = present;
    },
    ask(question, { history = [], member = ANA, signal = new AbortController().signal } = {}) {
      return oracle.ask(oracleAskInputSchema.parse({ question, history }), { member, signal });
    },
    requests,
    delays,
    async cosines(queryText) {
      const vector = await embedQuery(realGateway, queryText, EMBEDDING_MODEL, GEMINI.embeddingDimensions);
      if (!vector.ok) throw new Error(vector.error.message);
      const found = retrieve(db, { queryText, queryVector: vector.value, model: EMBEDDING_MODEL, limit: Number.MAX_SAFE_INTEGER });
      const cosines = new Map<string, number>();
      for (const chunk of found.chunks) {
        const key = `${chunk.path}#${chunk.chunkTitle}`;
        if (chunk.relevance !== null) cosines.set(key, Math.max(chunk.relevance, cosines.get(key) ?? -1));
      }
      return cosines;
    },
    generateRequests: () => requests().filter((request) => request.action === 'generateContent'),
    embeddedQueries: () =>
      requests()
        .filter((request) => request.action === 'batchEmbedContents')
        .flatMap((request) => (request.body as EmbedBody).requests.map((item) => item.content.parts.map((part) => part.text).join(''))),
  };
}

type EmbedBody = { requests: Array<{ content: { parts: Array<{ text: string }> } }> };

export function noteFiles(notes: Notes): NoteFile[] {
  return Object.entries(notes).map(([path, text]) => ({ path, read: async () => text }));
}

/** What a generateContent request carried: the system instruction and every turn's text. */
export function generateBody(request: RecordedRequest): { systemInstruction: string; turns: Array<{ role: string; text: string }> } {
  const body = request.body as { systemInstruction?: Content; contents: Content[] };
  const text = (content: Content | undefined) => content?.parts?.map((part) => part.text ?? '').join('') ?? '';
  return {
    systemInstruction: text(body.systemInstruction),
    turns: body.contents.map((content) => ({ role: content.role ?? '', text: text(content) })),
  };
}

/** Sources as the pane shows them: each note once, its passages together (the notes in the ranking's order). */
export function expectGroupedByNote(sources: readonly OracleSource[]): void {
  const notes = sources.map((source) => source.path).filter((path, index, paths) => paths[index - 1] !== path);
  expect(notes, 'one note per group').toEqual([...new Set(notes)]);
}
