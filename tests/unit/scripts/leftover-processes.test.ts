import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnTree, stopTree } from '../../e2e/support/process-tree.ts';
import type { ChildProcess } from 'node:child_process';

const run = promisify(execFile);
const started: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => stopTree(child)));
});

/**
 * Runs the check as scripts/test.sh does, but without the grace a leftover gets to end by
 * itself: the stragglers here never do. Resolves with its exit code and output.
 */
async function check(runId: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['scripts/leftover-processes.mjs', runId],
      { env: { ...process.env, PERCH_LEFTOVER_GRACE_MS: '0' } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

describe.runIf(process.platform === 'linux')('scripts/leftover-processes.mjs', () => {
  it('names and stops a process of the run that is still running, and fails', async () => {
    const runId = randomUUID();
    const straggler = spawnTree(
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000); console.log("up")'],
      { env: { ...process.env, PERCH_TEST_RUN: runId }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    started.push(straggler);
    await once(straggler.stdout!, 'data');

    const exited = once(straggler, 'exit') as Promise<[number | null, string | null]>;

    const result = await check(runId);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${straggler.pid}  ${process.execPath} -e setInterval`);
    expect(result.output).toContain('They have been stopped.');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
  });

  it('passes when nothing of the run is left, ignoring other runs', async () => {
    const other = spawnTree(
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000); console.log("up")'],
      {
        env: { ...process.env, PERCH_TEST_RUN: randomUUID() },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    started.push(other);
    await once(other.stdout!, 'data');

    const result = await check(randomUUID());
    expect(result).toEqual({
      code: 0,
      output: 'No process started by the tests is left running.\n',
    });
    expect(other.exitCode).toBeNull();
  });
});
