// Adds up the vitest and Playwright JSON reports into one closing line:
// "tests: N passed, N failed, N skipped", after one line per failed test (its file and the
// first lines of its error), so that the tail of a long CI log still says what broke.
// Exits non-zero when a report is missing, when anything failed, or when no test ran at all.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [vitestPath, playwrightPath] = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let missing = false;
const failures = [];
// An error message's first three lines, without blank lines, stack frames or ANSI codes: for a
// Playwright assertion that is what failed, on which locator, and what was expected.
const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '))
    .slice(0, 3)
    .join(' / ')
    .slice(0, 400);

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
  // A file that failed with no failed test in it (an import that threw) counts as one; a
  // file failed by its tests is already counted by them.
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const name = relative(process.cwd(), file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      failures.push(`${name} › ${a.fullName ?? a.title}: ${firstLines(a.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push(`${name}: ${firstLines(file.message)}`);
      totals.failed += 1;
    }
  }
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
        if (t.status === 'unexpected') {
          const errors = (t.results ?? []).map((r) => r.error?.message).filter(Boolean);
          const where = `${spec.file ?? suite.file ?? ''}:${spec.line ?? ''}`;
          failures.push(
            `${[...path, spec.title].join(' › ')} (${where}): ${firstLines(errors.at(-1))}`,
          );
        }
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

for (const f of failures) console.log(`failed: ${f}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(missing || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
