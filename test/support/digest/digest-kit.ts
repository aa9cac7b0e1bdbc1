/**
 * Test-only: the real digest over the real gateway (against the Gemini double), the fake mailbox listing (or the
 * real Zoho client against the Zoho double), a real database in a temp folder, a clock moved by hand, and a record
 * of notifications.
 */
import type { Content } from '@google/genai';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Lang } from '../../../shared/lang';
import type { Member } from '../../../shared/member';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { Notify } from '../../../electron/main/auth/login-port';
import { createDigest, type DigestDeps, type DigestRun, type DigestService } from '../../../electron/main/digest/digest';
import type { GeminiGateway } from '../../../electron/main/gemini/gateway';
import type { JsonRequest } from '../../../electron/main/gemini/gateway-types';
import { createMemoryLogger } from '../../../electron/main/log/logger';
import { openDatabase } from '../../../electron/main/store/open-database';
import type { GeminiDouble } from '../../doubles/gemini-double';
import { createGatewayKit } from '../gateway-test-kit';
import { expectOpened, makeTempDir } from '../store-helpers';
import { createFakeDigestMail, MORNING, type FakeDigestMail } from './fake-digest-mail';

export const EDU: Member = { email: 'edu@crearack.com', name: 'Edu' };
export const SARAA: Member = { email: 'saraa@crearack.com', name: 'Saraa' };

export interface DigestRow {
  owner: string;
  generated_at: string;
  resumen: string;
  ruido_count: number;
  payload: string;
  created_at: string;
}

type DigestMail = DigestDeps['mail'];

/** A clock moved by hand: the kit's own, or one it shares (e.g. with a Zoho world, whose double stamps new mail). */
export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

export interface DigestKitOptions<M extends DigestMail> {
  mail?: M;
  /** Another database (e.g. a test core's) instead of a new one. */
  db?: Database.Database;
  /** Starts at MORNING otherwise. */
  clock?: ManualClock;
}

export interface DigestKit<M extends DigestMail = FakeDigestMail> {
  digest: ReturnType<typeof createDigest>;
  db: Database.Database;
  mail: M;
  calls: Array<JsonRequest<unknown>>;
  notices: Array<Parameters<Notify>[0]>;
  published: Array<Parameters<NonNullable<DigestDeps['publish']>>[0]>;
  log: ReturnType<typeof createMemoryLogger>;
  now(): number;
  advance(ms: number): void;
  speak(next: Lang): void;
  run(options?: { member?: Member; signal?: AbortSignal; onProgress?: DigestRun['onProgress'] }): ReturnType<DigestService['run']>;
  rows(): DigestRow[];
  /** The prompt of each generateContent request the double received, in order. */
  prompts(): string[];
}

export function createDigestKit(double: GeminiDouble, options?: DigestKitOptions<FakeDigestMail>): DigestKit;
export function createDigestKit<M extends DigestMail>(double: GeminiDouble, options: DigestKitOptions<M> & { mail: M }): DigestKit<M>;
export function createDigestKit(double: GeminiDouble, options: DigestKitOptions<DigestMail> = {}): DigestKit<DigestMail> {
  const db = options.db ?? expectOpened(openDatabase(join(makeTempDir(), 'staff-desk.sqlite3')));
  const clock = options.clock ?? handClock(MORNING);
  let lang: Lang = 'en';
  const mail = options.mail ?? createFakeDigestMail();
  const { gateway: realGateway } = createGatewayKit(double);
  const calls: Array<JsonRequest<unknown>> = [];
  // Records what the digest asks of the gateway (model, attempts, timeout) and passes it on unchanged.
  const gateway: Pick<GeminiGateway, 'generateJson'> = {
    generateJson(request) {
      calls.push(request as JsonRequest<unknown>);
      return realGateway.generateJson(request);
    },
  };
  const notices: Array<Parameters<Notify>[0]> = [];
  const published: Array<Parameters<NonNullable<DigestDeps['publish']>>[0]> = [];
  const log = createMemoryLogger();
  const digest = createDigest({
    gateway,
    mail,
    db,
    settings: { get: () => DEFAULT_SETTINGS },
    now: clock.now,
    lang: () => lang,
    log,
    notify: (notice) => notices.push(notice),
    publish: (update) => published.push(update),
  });

  return {
    digest,
    db,
    mail,
    calls,
    notices,
    published,
    log,
    now: clock.now,
    advance: clock.advance,
    speak(next: Lang) {
      lang = next;
    },
    run(options: { member?: Member; signal?: AbortSignal; onProgress?: DigestRun['onProgress'] } = {}) {
      return digest.run({
        member: options.member ?? EDU,
        signal: options.signal ?? new AbortController().signal,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
    },
    rows(): DigestRow[] {
      return db
        .prepare<[], DigestRow>('SELECT owner, generated_at, resumen, ruido_count, payload, created_at FROM correo_digests ORDER BY id')
        .all();
    },
    /** The prompt of each generateContent request the double received, in order. */
    prompts(): string[] {
      return double.requestsFor('generateContent').map((request) => {
        const contents = (request.body as { contents: Content[] }).contents;
        return contents[0]?.parts?.[0]?.text ?? '';
      });
    },
  };
}


function handClock(start: number): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}
