import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGeminiGateway } from '../electron/main/gemini/gateway';
import { GEMINI_API_URL } from '../electron/main/gemini/gemini-api-url';
import { calibrateFloor, type FloorCalibration, type SimilarityDistribution } from '../electron/main/knowledge/calibrate-floor';
import { embedChunks } from '../electron/main/knowledge/embed-chunks';
import { indexNotes } from '../electron/main/knowledge/index-folder';
import { listNoteFiles } from '../electron/main/knowledge/list-note-files';
import { createLogger, createRedactor } from '../electron/main/log/logger';
import { KEYCHAIN_SERVICE } from '../electron/main/secrets/keychain-service';
import { createKeytarSecretStore, loadKeytar } from '../electron/main/secrets/keytar-secret-store';
import { createMemorySecretStore } from '../electron/main/secrets/memory-secret-store';
import type { SecretStore } from '../electron/main/secrets/secret-store';
import { openDatabase } from '../electron/main/store/open-database';
import { GEMINI } from '../shared/limits';
import { floorFor } from '../shared/oracle';
import { DEFAULT_MODELS } from '../shared/settings';

/**
 * `npm run oracle:calibrate -- [--folder DIR] [--model ID] [--base-url URL] [--no-keychain]` (O9): indexes the
 * folder into a throwaway database, embeds it through the gateway, and prints how the model scores unrelated and
 * related pairs, with a suggested relevance floor. stdout carries the report; progress and errors go to stderr.
 * Exit codes: 0 done, 1 the calibration failed, 2 a usage problem or no Gemini key.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run oracle:calibrate -- [--folder DIR] [--model ID] [--base-url URL] [--no-keychain]';
/** A throwaway base of its own: the app's database is never touched. */
const COLLECTION = 'calibration';

interface Options {
  readonly folder: string;
  readonly model: string;
  readonly baseUrl: string;
  readonly keychain: boolean;
}

function readOptions(): Options | null {
  try {
    const { values } = parseArgs({
      options: {
        folder: { type: 'string' },
        model: { type: 'string' },
        'base-url': { type: 'string' },
        'no-keychain': { type: 'boolean' },
      },
      strict: true,
    });
    return {
      folder: resolve(values.folder ?? join(ROOT, 'resources', 'knowledge-base')),
      model: values.model ?? DEFAULT_MODELS.embedding,
      baseUrl: values['base-url'] ?? GEMINI_API_URL,
      keychain: values['no-keychain'] !== true,
    };
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}

/** GEMINI_API_KEY first, then the app's own keychain entry; null when neither holds a key. */
async function keyStore(options: Options, redactor: ReturnType<typeof createRedactor>): Promise<SecretStore | null> {
  const fromEnv = process.env.GEMINI_API_KEY?.trim();
  if (fromEnv) return createMemorySecretStore({ 'gemini.apiKey': fromEnv }, redactor);
  if (!options.keychain) return null;
  const keychain = createKeytarSecretStore({ keytar: loadKeytar, service: KEYCHAIN_SERVICE, platform: process.platform, redactor });
  const stored = await keychain.get('gemini.apiKey');
  return stored.ok && stored.value !== null ? keychain : null;
}

async function main(): Promise<number> {
  const options = readOptions();
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  const redactor = createRedactor();
  const secrets = await keyStore(options, redactor);
  if (!secrets) {
    console.error('No Gemini API key: set GEMINI_API_KEY, or save the key in Staff Desk (Settings), then run the calibration again.');
    return 2;
  }
  const files = await listNoteFiles(options.folder).catch(() => null);
  if (!files) {
    console.error(`The folder ${options.folder} cannot be read: pass a folder of Markdown notes with --folder.`);
    return 2;
  }

  const cancel = new AbortController();
  const onSignal = () => cancel.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-calibrate-'));
  const opened = openDatabase(join(dir, 'calibration.sqlite3'));
  try {
    if (!opened.ok) {
      console.error(opened.error.message);
      return 1;
    }
    const { db } = opened;
    try {
      const log = createLogger([{ write: (line) => process.stderr.write(`${line}\n`) }], redactor);
      const gateway = createGeminiGateway({ readKey: () => secrets.get('gemini.apiKey'), baseUrl: options.baseUrl, log });
      const dimensions = GEMINI.embeddingDimensions;
      const indexed = await indexNotes({ db, collection: COLLECTION, files, signal: cancel.signal });
      console.error(`Read ${indexed.added} notes from ${options.folder}.`);
      const embedded = await embedChunks({ db, gateway, model: options.model, dimensions, signal: cancel.signal });
      if (!embedded.ok) {
        console.error(embedded.error.message);
        return 1;
      }
      if (indexed.status === 'aborted' || embedded.value.status === 'aborted') {
        console.error('Calibration cancelled.');
        return 1;
      }
      console.error(`Embedded ${embedded.value.embedded} chunks with ${options.model}.`);
      const calibrated = await calibrateFloor({ db, gateway, model: options.model, dimensions, signal: cancel.signal });
      if (!calibrated.ok) {
        console.error(calibrated.error.message);
        return 1;
      }
      process.stdout.write(formatReport(calibrated.value, options.folder));
      return 0;
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

const COLUMNS = ['n', 'min', 'p5', 'p25', 'median', 'p75', 'p95', 'max'] as const;

function formatReport(report: FloorCalibration, folder: string): string {
  const rows: Array<[string, SimilarityDistribution]> = [
    ['unrelated notes (note vs note)', report.unrelatedDocuments],
    ['right answers (question vs its chunk)', report.positives],
    ['wrong answers (question vs unrelated)', report.negatives],
  ];
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const cell = (text: string) => text.padStart(7);
  const line = (label: string, cells: readonly string[]) => `${label.padEnd(labelWidth)} ${cells.map(cell).join(' ')}`;
  const shipped = floorFor({}, report.model);
  return [
    `Relevance floor calibration for ${report.model} (${report.dimensions} dimensions)`,
    `Base: ${folder} (${report.notes} notes, ${report.chunks} chunks)`,
    '',
    line('cosine similarity', [...COLUMNS]),
    ...rows.map(([label, d]) => line(label, COLUMNS.map((column) => (column === 'n' ? String(d.n) : d[column].toFixed(3))))),
    '',
    `Suggested floor for ${report.model}: ${report.suggestedFloor.toFixed(2)}`,
    ...report.warnings.map((warning) => `Warning: ${warning}`),
    `Without a calibration the app uses ${shipped.value} (${shipped.source === 'default' ? 'the value shipped for this model' : "the seeds' floor"}).`,
    `Apply it in Staff Desk: Settings > Knowledge base > Relevance floor for ${report.model}.`,
    '',
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The calibration failed:', error);
    process.exit(1);
  },
);
