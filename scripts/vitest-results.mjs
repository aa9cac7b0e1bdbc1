// vitest's JSON report read into the counts of a test runner's last line (npm test, npm run test:electron).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

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
