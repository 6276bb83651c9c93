// Adds up the vitest and Playwright JSON reports into one closing line:
// "tests: N passed, N failed, N skipped". Exits non-zero when a report is missing,
// when anything failed, or when no test ran at all.
import { readFileSync } from 'node:fs';

const [vitestPath, playwrightPath] = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let missing = false;

function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    console.error(`missing or unreadable report: ${path}`);
    missing = true;
    return undefined;
  }
}

const vitest = read(vitestPath);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites ?? 0);
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

const playwright = read(playwrightPath);
if (playwright?.stats) {
  totals.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  totals.failed += playwright.stats.unexpected ?? 0;
  totals.skipped += playwright.stats.skipped ?? 0;
  for (const e of playwright.errors ?? []) console.error(`playwright: ${e.message ?? e}`);
  // The list reporter does not print why a test was skipped; say it here.
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'skipped') continue;
        const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description;
        console.log(`skipped: ${[...path, spec.title].join(' › ')}${why ? ` (${why})` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of playwright.suites ?? []) walk(suite, [suite.title]);
  totals.failed += (playwright.errors ?? []).length;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(missing || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
