import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTree, stopTree } from './process-tree.ts';

const running: { child: ChildProcess; dataDir: string }[] = [];

/**
 * `npm run web -- <args>` after its build step (node with tsx's loader, as npm runs it), in
 * its own data directory; resolves with the URL it prints. Stop it with stopWebClis, which
 * an afterEach calls even when the test timed out before the URL came.
 */
export async function startWebCli(args: string[], env = process.env): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-cli-'));
  const child = spawnTree(
    process.execPath,
    ['--import', 'tsx', 'src/web/cli.ts', '--data-dir', dataDir, ...args],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.push({ child, dataDir });
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${out}`)));
  });
}

/** Stops every process tree startWebCli started and removes their data directories. */
export async function stopWebClis(): Promise<void> {
  for (const { child, dataDir } of running.splice(0)) {
    await stopTree(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}
