/**
 * The retrieval evaluation over the guide shipped with the app (resources/knowledge-base), as `npm run oracle:eval`
 * and the bench run it: the real indexer, embedding step and retrieval, with the Gemini double's test embeddings
 * (a hashed bag of words) over the real gateway.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GEMINI } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { createGeminiGateway } from '../../../electron/main/gemini/gateway';
import { calibrateFloor } from '../../../electron/main/knowledge/calibrate-floor';
import { embedChunks } from '../../../electron/main/knowledge/embed-chunks';
import { indexNotes } from '../../../electron/main/knowledge/index-folder';
import { listNoteFiles } from '../../../electron/main/knowledge/list-note-files';
import {
  checkEvalSet,
  evalSetSchema,
  prepareEvaluation,
  type PreparedEvaluation,
} from '../../../electron/main/knowledge/retrieval-eval';
import type { Logger } from '../../../electron/main/log/logger';
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-secret-store';
import { openDatabase } from '../../../electron/main/store/open-database';
import { startGeminiDouble } from '../../doubles/gemini-double';
import { createRandom } from '../../doubles/zoho-seed-kit';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const GUIDE_FOLDER = join(ROOT, 'resources', 'knowledge-base');
export const GUIDE_QUESTIONS = join(ROOT, 'test', 'fixtures', 'oracle-eval', 'guide-questions.json');
const COLLECTION = 'eval';
const FLOOR_SEED = 26;
const KEY = 'eval-key';

export interface GuideEvaluation {
  readonly prepared: PreparedEvaluation;
  /** Where the question set breaks its own labels (see checkEvalSet); empty when it keeps them. */
  readonly problems: readonly string[];
  readonly notes: number;
  readonly chunks: number;
  close(): Promise<void>;
}

/** Indexes and embeds `folder` into a throwaway database, calibrates its floor, then embeds the questions and the baseline. */
export async function prepareGuideEvaluation(
  log: Logger,
  options: { folder?: string; questions?: string } = {},
): Promise<Result<GuideEvaluation>> {
  const set = evalSetSchema.parse(JSON.parse(readFileSync(options.questions ?? GUIDE_QUESTIONS, 'utf8')));
  const double = await startGeminiDouble({ validKeys: [KEY] });
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-oracle-eval-'));
  const opened = openDatabase(join(dir, 'eval.sqlite3'));
  // A throwaway file in a fresh folder: failing to open it is this machine's problem, not the evaluation's.
  if (!opened.ok) throw new Error(opened.error.message);
  const { db } = opened;
  const close = async () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    await double.close();
  };
  const secrets = createMemorySecretStore({ 'gemini.apiKey': KEY });
  const gateway = createGeminiGateway({ readKey: () => secrets.get('gemini.apiKey'), baseUrl: double.baseUrl, log });
  const model = DEFAULT_SETTINGS.models.embedding;
  const indexed = await indexNotes({ db, collection: COLLECTION, files: await listNoteFiles(options.folder ?? GUIDE_FOLDER) });
  const embedded = await embedChunks({ db, gateway, model, dimensions: GEMINI.embeddingDimensions });
  // The floor the test embeddings get on this base as `npm run oracle:calibrate` measures it (O9): the shipped one
  // is a real model's, on another scale. Drawn with a fixed seed, so every run lists the same.
  const floor = embedded.ok
    ? await calibrateFloor({ db, gateway, model, dimensions: GEMINI.embeddingDimensions, random: createRandom(FLOOR_SEED).next })
    : embedded;
  const prepared = floor.ok
    ? await prepareEvaluation({ db, collection: COLLECTION, gateway, model, set, floor: floor.value.suggestedFloor, log })
    : floor;
  if (!prepared.ok) {
    await close();
    return { ok: false, error: prepared.error };
  }
  return {
    ok: true,
    value: {
      prepared: prepared.value,
      problems: checkEvalSet(db, COLLECTION, set),
      notes: indexed.added,
      chunks: embedded.ok ? embedded.value.embedded : 0,
      close,
    },
  };
}
