import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GEMINI, ORACLE } from '../../../shared/limits';
import { floorFor } from '../../../shared/oracle';
import { createRandom } from '../../../test/doubles/zoho-seed-kit';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { openDatabase } from '../store/open-database';
import { calibrateFloor, distributionOf, questionOf } from './calibrate-floor';
import { embedChunks } from './embed-chunks';
import { indexNotes } from './index-folder';
import { listNoteFiles } from './list-note-files';

const gemini = useGeminiDouble();
const MODEL = 'gemini-embedding-001';
const DIMS = GEMINI.embeddingDimensions;

interface TopicNote {
  readonly file: string;
  readonly title: string;
  readonly tag: string;
  /** Heading -> body. */
  readonly sections: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Ten notes on ten topics that share no words beyond a few small ones: the double's vectors tell them apart. */
const TOPICS: readonly TopicNote[] = [
  { file: 'printer.md', title: 'Network printer', tag: 'printing', sections: { 'Install driver': 'Download printer driver package, install driver, restart spooler.', 'Paper jam': 'Open tray, remove jammed paper sheet, close tray.' } },
  { file: 'vpn.md', title: 'Remote VPN', tag: 'vpn', sections: { 'Client setup': 'Import VPN client profile, enter tunnel certificate.', 'Slow tunnel': 'Switch tunnel gateway region, reconnect client.' } },
  { file: 'payroll.md', title: 'Payroll calendar', tag: 'payroll', sections: { 'Payslip dates': 'Payslips arrive monthly, twenty-fifth, salary transfer follows.', 'Tax forms': 'Annual tax certificate, download forms portal.' } },
  { file: 'holidays.md', title: 'Holiday requests', tag: 'leave', sections: { 'Book leave': 'Request vacation days, manager approves leave request.', 'Carry over': 'Unused vacation days expire March.' } },
  { file: 'parking.md', title: 'Office parking', tag: 'parking', sections: { 'Garage permit': 'Apply garage permit, licence plate registration.', 'Bicycle racks': 'Bicycle racks basement, lock bicycles overnight.' } },
  { file: 'badge.md', title: 'Door badge', tag: 'badge', sections: { 'Lost badge': 'Report lost badge reception, replacement badge costs.', 'Visitor badge': 'Visitors collect temporary badge lobby desk.' } },
  { file: 'wifi.md', title: 'Guest wifi', tag: 'wifi', sections: { 'Wifi password': 'Guest wifi password rotates weekly, printed lobby poster.', 'Weak signal': 'Wifi repeater meeting rooms, signal strength.' } },
  { file: 'backup.md', title: 'Laptop backup', tag: 'backup', sections: { 'Restore files': 'Restore deleted files snapshot, backup agent.', 'Backup schedule': 'Nightly backup runs midnight, incremental snapshots.' } },
  { file: 'invoices.md', title: 'Supplier invoices', tag: 'invoices', sections: { 'Submit invoice': 'Suppliers email invoices accounts payable mailbox.', 'Invoice approval': 'Budget owner approves invoice within week.' } },
  { file: 'kitchen.md', title: 'Kitchen rules', tag: 'kitchen', sections: { 'Fridge cleaning': 'Fridge emptied Fridays, label food containers.', 'Coffee machine': 'Descale coffee machine monthly, refill beans.' } },
];

function writeNote(vault: string, note: TopicNote, extra = ''): void {
  const sections = Object.entries(note.sections).map(([heading, body]) => `## ${heading}\n\n${body}\n`);
  writeFileSync(join(vault, note.file), `---\ntitle: ${note.title}\ntags: [${note.tag}]\n---\n# ${note.title}\n\n${extra}${sections.join('\n')}`);
}

/** The notes indexed and embedded through the double, as the app leaves a base before anyone calibrates it. */
async function embeddedBase(notes: readonly TopicNote[], extras: Readonly<Record<string, string>> = {}): Promise<Database.Database> {
  const dir = makeTempDir();
  const vault = join(dir, 'vault');
  mkdirSync(vault);
  for (const note of notes) writeNote(vault, note, extras[note.file] ?? '');
  const db = expectOpened(openDatabase(join(dir, 'app.db')));
  await indexNotes({ db, collection: 'kb', files: await listNoteFiles(vault) });
  const { gateway } = createGatewayKit(gemini.double);
  const embedded = await embedChunks({ db, gateway, model: MODEL, dimensions: DIMS });
  expect(embedded).toMatchObject({ ok: true, value: { status: 'complete' } });
  gemini.double.reset();
  return db;
}

function calibrate(db: Database.Database, seed = 7, overrides: Partial<Parameters<typeof calibrateFloor>[0]> = {}) {
  const { gateway } = createGatewayKit(gemini.double);
  return calibrateFloor({ db, gateway, model: MODEL, dimensions: DIMS, samplePairs: 40, random: createRandom(seed).next, ...overrides });
}

type EmbedBody = { requests: { taskType: string; content: { parts: { text: string }[] } }[] };
const sentQuestions = () =>
  gemini.double
    .requestsFor('batchEmbedContents')
    .flatMap((request) => (request.body as EmbedBody).requests)
    .map((request) => ({ taskType: request.taskType, text: request.content.parts.map((part) => part.text).join('') }));

describe('O9 relevance floor per embedding model', () => {
  it('O9: the floor is read per model: the member’s calibration, else the value shipped for the model, else the seeds’ 0.4', () => {
    expect(floorFor({}, MODEL)).toEqual({ value: ORACLE.defaultFloors[MODEL], source: 'default' });
    expect(floorFor({ [MODEL]: 0.72 }, MODEL)).toEqual({ value: 0.72, source: 'settings' });
    // A floor calibrated for another model says nothing about this one's scale.
    expect(floorFor({ 'gemini-embedding-2': 0.5 }, MODEL)).toEqual({ value: ORACLE.defaultFloors[MODEL], source: 'default' });
    expect(floorFor({ [MODEL]: 0.72 }, 'text-embedding-local')).toEqual({ value: ORACLE.relevanceFloor, source: 'seeds' });
  });

  it('O9: calibrateFloor separates related from unrelated on a small vault and suggests a floor between them', async () => {
    const db = await embeddedBase(TOPICS);
    const result = await calibrate(db);
    if (!result.ok) throw new Error(result.error.message);
    const report = result.value;
    expect(report).toMatchObject({ model: MODEL, dimensions: DIMS, notes: 10, separated: true });
    expect(report.positives.median).toBeGreaterThan(report.negatives.p95);
    expect(report.suggestedFloor).toBeGreaterThan(report.negatives.p95);
    expect(report.suggestedFloor).toBeLessThanOrEqual(report.positives.p25);
    expect(report.suggestedFloor).toBe(Math.round(((report.negatives.p95 + report.positives.p25) / 2) * 100) / 100);
    // Two sections per note, each asked once; no two notes are related.
    expect(report.positives.n).toBe(20);
    expect(report.negatives.n).toBe(20);
    expect(report.unrelatedDocuments.n).toBe(40);
    // Twenty sections are too few for steady percentiles, and the report says so.
    expect(report.warnings).toEqual(['Only 20 pairs could be drawn, so the percentiles are rough: calibrate again on a larger base.']);
  });

  it('asks each heading path as a question, embedded for retrieval rather than as a document', async () => {
    const db = await embeddedBase(TOPICS);
    await calibrate(db);
    const sent = sentQuestions();
    expect(sent).toHaveLength(20);
    expect(sent.every((question) => question.taskType === 'RETRIEVAL_QUERY')).toBe(true);
    expect(sent.map((question) => question.text)).toContain('Network printer, Paper jam');
    expect(questionOf('Connect Zoho > Device code')).toBe('Connect Zoho, Device code');
  });

  it('gives the same report for the same random draws', async () => {
    const db = await embeddedBase(TOPICS);
    const first = await calibrate(db, 11, { samplePairs: 12 });
    const second = await calibrate(db, 11, { samplePairs: 12 });
    expect(first.ok).toBe(true);
    expect(second).toEqual(first);
  });

  it('never counts notes that link each other or share a tag as unrelated', async () => {
    const [printer, vpn, payroll] = TOPICS as [TopicNote, TopicNote, TopicNote];
    expect(await calibrate(await embeddedBase([printer, vpn]))).toMatchObject({ ok: true });
    const linked = await embeddedBase([printer, vpn], { 'printer.md': 'See [[vpn]].\n\n' });
    expect(await calibrate(linked)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'no_unrelated_notes' } });
    const tagged = await embeddedBase([printer, { ...payroll, tag: printer.tag }]);
    expect(await calibrate(tagged)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'no_unrelated_notes' } });
  });

  it('warns and falls back to the wrong answers’ 95th percentile when the model cannot tell the notes apart', async () => {
    // Every note with the same title, headings and words: a wrong note answers a question as well as the right one.
    const alike = TOPICS.slice(0, 6).map((note) => ({
      ...note,
      title: 'Office guide',
      sections: { 'Office procedures': 'Office procedures staff follow every week.', 'Staff questions': 'Staff questions office procedures week.' },
    }));
    const result = await calibrate(await embeddedBase(alike));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.separated).toBe(false);
    expect(result.value.suggestedFloor).toBe(Math.ceil(result.value.negatives.p95 * 100 - 1e-9) / 100);
    expect(result.value.warnings[0]).toMatch(/^gemini-embedding-001 separates this base poorly/);
  });

  it('says what to do when the base has no vectors of the model yet', async () => {
    const db = await embeddedBase(TOPICS);
    expect(await calibrate(db, 7, { model: 'gemini-embedding-2' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'not_embedded', message: 'Index and embed at least two notes with gemini-embedding-2 before calibrating its floor.' },
    });
  });

  it('passes on the gateway’s error when the questions cannot be embedded', async () => {
    const db = await embeddedBase(TOPICS);
    const { gateway } = createGatewayKit(gemini.double, { secrets: createMemorySecretStore({}) });
    const result = await calibrateFloor({ db, gateway, model: MODEL, dimensions: DIMS, random: createRandom(1).next });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'missing_key' } });
  });

  it('summarises similarities with interpolated percentiles', () => {
    const expected = { min: 0, p5: 0.02, p25: 0.1, median: 0.2, p75: 0.3, p95: 0.38, max: 0.4 };
    const close = Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, expect.closeTo(value, 12)]));
    expect(distributionOf([0.4, 0, 0.2, 0.1, 0.3])).toEqual({ n: 5, ...close });
  });
});
