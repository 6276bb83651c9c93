import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// The two reports in the shapes vitest's and Playwright's JSON reporters write (only the
// fields scripts/test-summary.mjs reads).
const passedFile = {
  name: `${process.cwd()}/tests/unit/ok.test.ts`,
  status: 'passed',
  message: '',
  assertionResults: [{ fullName: 'ok works', status: 'passed', failureMessages: [] }],
};
function vitestReport(files: object[]): object {
  const tests = files.flatMap((f) => (f as typeof passedFile).assertionResults);
  return {
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    numFailedTestSuites: files.filter((f) => (f as typeof passedFile).status === 'failed').length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: files,
  };
}
function playwrightReport(specs: object[], unexpected: number): object {
  return {
    stats: { expected: specs.length - unexpected, unexpected, skipped: 0, flaky: 0 },
    suites: [{ title: 'reading.spec.ts', file: 'reading.spec.ts', specs }],
    errors: [],
  };
}
const passedSpec = {
  title: 'opens a channel',
  file: 'reading.spec.ts',
  line: 4,
  tests: [{ status: 'expected', annotations: [], results: [{ status: 'passed' }] }],
};

async function summarize(
  vitest: object,
  playwright: object,
): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-summary-'));
  dirs.push(dir);
  await writeFile(join(dir, 'vitest.json'), JSON.stringify(vitest));
  await writeFile(join(dir, 'playwright.json'), JSON.stringify(playwright));
  try {
    const { stdout } = await run(process.execPath, [
      'scripts/test-summary.mjs',
      join(dir, 'vitest.json'),
      join(dir, 'playwright.json'),
    ]);
    return { code: 0, out: stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, out: stdout };
  }
}

describe('scripts/test-summary.mjs', () => {
  it('names a failed end-to-end test, where it is and why, above the totals', async () => {
    const failedSpec = {
      title: 'marks a topic read',
      file: 'reading.spec.ts',
      line: 31,
      tests: [
        {
          status: 'unexpected',
          annotations: [],
          results: [
            {
              status: 'failed',
              error: {
                message:
                  'Error: \u001b[2mexpect(\u001b[22mlocator).toBeHidden() failed\n\nLocator: ' +
                  "getByText('3 unread')\nExpected: hidden\nReceived: visible\n\n    at x.ts:1:1",
              },
            },
          ],
        },
      ],
    };
    const { code, out } = await summarize(
      vitestReport([passedFile]),
      playwrightReport([passedSpec, failedSpec], 1),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      "failed: reading.spec.ts › marks a topic read (reading.spec.ts:31): Error: expect(locator).toBeHidden() failed / Locator: getByText('3 unread') / Expected: hidden",
    );
    expect(out.trim().split('\n').at(-1)).toBe('tests: 2 passed, 1 failed, 0 skipped');
  });

  it('counts a unit test failure once, and a file that could not load as one', async () => {
    const failedFile = {
      name: `${process.cwd()}/tests/unit/sum.test.ts`,
      status: 'failed',
      message: '',
      assertionResults: [
        {
          fullName: 'sum adds',
          status: 'failed',
          failureMessages: ['AssertionError: expected 2 to be 3\n    at sum.test.ts:2:5'],
        },
      ],
    };
    const brokenFile = {
      name: `${process.cwd()}/tests/unit/broken.test.ts`,
      status: 'failed',
      message: "Cannot find module './gone'",
      assertionResults: [],
    };
    const { code, out } = await summarize(
      vitestReport([passedFile, failedFile, brokenFile]),
      playwrightReport([passedSpec], 0),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      'failed: tests/unit/sum.test.ts › sum adds: AssertionError: expected 2 to be 3\n',
    );
    expect(out).toContain("failed: tests/unit/broken.test.ts: Cannot find module './gone'\n");
    expect(out.trim().split('\n').at(-1)).toBe('tests: 2 passed, 2 failed, 0 skipped');
  });

  it('names nothing and succeeds when everything passed', async () => {
    const { code, out } = await summarize(
      vitestReport([passedFile]),
      playwrightReport([passedSpec], 0),
    );
    expect(code).toBe(0);
    expect(out).not.toContain('failed:');
    expect(out.trim()).toBe('tests: 2 passed, 0 failed, 0 skipped');
  });
});
