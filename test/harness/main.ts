import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readHarnessConfig } from './harness-config';
import { ensureRendererBuilt, rendererDirOf } from './renderer-build';
import { bundleApiShim } from './shim-bundle';
import { startHarness } from './start-harness';

/**
 * `npm run harness -- --config FILE`: the real core behind a WebSocket, the built renderer beside it. stdout
 * carries exactly one line, the ready line; everything else goes to stderr or <dataDir>/harness.log.
 * Exit codes: 2 for a usage or config problem, 1 when the harness cannot start, 0 after SIGTERM/SIGINT.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const USAGE = 'usage: npm run harness -- --config FILE   (FILE: JSON, see README "Harness")';

function configFileFromArgs(): string | null {
  try {
    const { values } = parseArgs({ options: { config: { type: 'string' } }, strict: true });
    return values.config ?? null;
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}

async function main(): Promise<number | null> {
  const file = configFileFromArgs();
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  const read = readHarnessConfig(file);
  if (!read.ok) {
    console.error(read.message);
    return 2;
  }
  for (const note of read.notes) console.error(`harness: ${note}`);

  const built = await ensureRendererBuilt(ROOT);
  if (!built.ok) {
    console.error(built.message);
    return 1;
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const started = await startHarness({
    config: read.config,
    rendererDir: rendererDirOf(ROOT),
    defaultKnowledgeFolder: join(ROOT, 'resources', 'knowledge-base'),
    shimCode: await bundleApiShim(),
    appVersion: version,
  });
  if (!started.ok) {
    console.error(`The harness could not start: ${started.message}`);
    return 1;
  }
  const { harness } = started;
  for (const note of started.notes) console.error(`harness: ${note}`);
  const stop = () => {
    void harness.close().then(() => process.exit(0));
  };
  // `on`, not `once`: a signal sent to the process group also arrives relayed by tsx, and must not cut the close short.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ url: harness.url, ws: harness.ws })}\n`);
  return null;
}

main().then(
  (exitCode) => {
    if (exitCode !== null) process.exit(exitCode);
  },
  (error: unknown) => {
    console.error('The harness failed:', error);
    process.exit(1);
  },
);
