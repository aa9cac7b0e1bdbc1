/**
 * Test-only: the real secretary over the real gateway (against the Gemini double), a fake mailbox, a real
 * database in a temp folder and a clock moved by hand.
 */
import type { Content } from '@google/genai';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Member } from '../../../shared/member';
import type { Result } from '../../../shared/result';
import type { HistoryEntry, SecretaryAnswer } from '../../../shared/secretary';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { createDigestStore } from '../../../electron/main/digest/digest-store';
import type { GeminiGateway } from '../../../electron/main/gemini/gateway';
import type { JsonRequest } from '../../../electron/main/gemini/gateway-types';
import { createMemoryLogger } from '../../../electron/main/log/logger';
import { createSecretary, type Secretary } from '../../../electron/main/secretary/secretary';
import { openDatabase } from '../../../electron/main/store/open-database';
import type { GeminiDouble, RecordedRequest } from '../../doubles/gemini-double';
import { createGatewayKit } from '../gateway-test-kit';
import { expectOpened, makeTempDir } from '../store-helpers';
import { createFakeMailbox, type FakeMailbox } from './fake-mailbox';

export const EDU: Member = { email: 'edu@crearack.com', name: 'Edu' };
export const SARAA: Member = { email: 'saraa@crearack.com', name: 'Saraa' };

/** The hosted Gemma the seeds use: no JSON mode, so the schema travels in the prompt. */
export const GEMMA = DEFAULT_SETTINGS.models.secretary;
/** A model with constrained decoding, to see the responseSchema and generation config on the wire. */
export const GEMINI_MODEL = 'gemini-3.8-flash';

export interface SecretaryKitOptions {
  mailbox?: FakeMailbox;
  /** Another connection to the kit's database file (read-only, closed) for the secretary instead of the test's own. */
  secretaryDb?: (file: string) => Database.Database;
  model?: string;
  /** How far the default mailbox moves the clock at each request, as its network time would. */
  mailboxLatencyMs?: number;
}

export interface SecretaryKit {
  secretary: Secretary;
  mailbox: FakeMailbox;
  /** The test's own connection to the kit's database. */
  db: Database.Database;
  /** The folder of the database files. */
  dir: string;
  file: string;
  clock: ManualClock;
  log: MemoryLogger;
  gatewayLog: MemoryLogger;
  /** Every request the secretary made of the gateway, as it made it. */
  calls: Array<JsonRequest<unknown>>;
  /** Settings now name this model for the secretary. */
  useModel(model: string): void;
  ask(question: string, options?: { history?: HistoryEntry[]; member?: Member; signal?: AbortSignal }): Promise<Result<SecretaryAnswer>>;
  /** The prompt of each generateContent request the double received, in order. */
  prompts(): string[];
}

type MemoryLogger = ReturnType<typeof createMemoryLogger>;

export function createSecretaryKit(double: GeminiDouble, options: SecretaryKitOptions = {}): SecretaryKit {
  const dir = makeTempDir();
  const file = join(dir, 'staff-desk.sqlite3');
  const db = expectOpened(openDatabase(file));
  const clock = manualClock();
  const mailbox = options.mailbox ?? createFakeMailbox({ onRequest: () => clock.advance(options.mailboxLatencyMs ?? 0) });
  const { gateway: realGateway, log: gatewayLog } = createGatewayKit(double);
  const calls: Array<JsonRequest<unknown>> = [];
  // Records what the secretary asks of the gateway (attempts, timeout) and passes everything on unchanged.
  const gateway: Pick<GeminiGateway, 'generateJson'> = {
    generateJson(request) {
      calls.push(request as JsonRequest<unknown>);
      return realGateway.generateJson(request);
    },
  };
  const log = createMemoryLogger();
  let settings: Settings = {
    ...DEFAULT_SETTINGS,
    models: { ...DEFAULT_SETTINGS.models, secretary: options.model ?? GEMMA },
  };
  const secretaryDb = options.secretaryDb?.(file) ?? db;
  const secretary = createSecretary({
    gateway,
    mailbox,
    db: secretaryDb,
    digests: createDigestStore(secretaryDb),
    settings: { get: () => settings },
    now: clock.now,
    log,
  });

  return {
    secretary,
    mailbox,
    db,
    dir,
    file,
    clock,
    log,
    gatewayLog,
    calls,
    useModel(model) {
      settings = { ...settings, models: { ...settings.models, secretary: model } };
    },
    ask(question, { history = [], member = EDU, signal = new AbortController().signal } = {}) {
      return secretary.ask({ question, history }, { member, signal });
    },
    prompts() {
      return double.requestsFor('generateContent').map(promptOf);
    },
  };
}

/** The secretary's prompt as it went over the wire: the first part of the first user turn. */
function promptOf(request: RecordedRequest): string {
  const contents = (request.body as { contents: Content[] }).contents;
  return contents[0]?.parts?.[0]?.text ?? '';
}

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

/** Epoch milliseconds, moved only by the test. */
function manualClock(start = Date.UTC(2026, 7, 12, 9, 0, 0)): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
