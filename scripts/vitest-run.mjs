// What `npm test` and `npm run test:electron` share: starting a package's command with this Node, and reading
// vitest's JSON report into the counts of the last line.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/**
 * A package's command as this Node runs it, the same on every system: Windows has only npx.cmd, which Node no longer
 * spawns without a shell.
 */
export function packageBin(root, pkg, command = pkg) {
  const manifestFile = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return join(dirname(manifestFile), typeof bin === 'string' ? bin : bin[command]);
}

/**
 * The counts in vitest's JSON report, each failed test named again (where a truncated CI log still shows them). A
 * suite that fails to load, no test at all, a missing report or an unhandled error (vitest did not exit cleanly):
 * none of these is a failed test, and each counts as one failure.
 */
export function readResults(root, resultsFile, exitedCleanly) {
  if (!existsSync(resultsFile)) return { passed: 0, failed: 1, skipped: 0 };
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  let failed = results.numFailedTests;
  if (!exitedCleanly && results.numFailedTests === 0) failed += 1;
  if (results.numTotalTests === 0) failed += 1;
  for (const file of results.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') console.log(`FAILED ${relative(root, file.name)} > ${test.fullName}`);
    }
    if (file.assertionResults.length === 0 && file.status === 'failed') console.log(`FAILED ${relative(root, file.name)}: ${file.message}`);
  }
  return { passed: results.numPassedTests, failed, skipped: results.numPendingTests + results.numTodoTests };
}
