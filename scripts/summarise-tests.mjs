// Adds up the vitest and Playwright JSON reports into the one closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, failedSteps = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

// One report per vitest run (scripts/test-all.sh runs unit and model beside api).
for (const name of readdirSync(dir).filter((file) => /^vitest.*\.json$/.test(file))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
const playwright = path.join(dir, 'playwright.json');
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
// A step that failed without a test report (typecheck, lint, build) still counts as a failure.
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
