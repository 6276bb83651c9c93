import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTree, stopTree } from './support/process-tree.ts';
import { webHostNodeArgs } from './support/web-host-command.ts';

const started: { child: ChildProcess; dataDir: string }[] = [];

// After every test, even one that timed out: npx does not pass SIGTERM on to the node
// process it starts, so the whole tree is stopped.
test.afterEach(async () => {
  for (const { child, dataDir } of started.splice(0)) {
    await stopTree(child);
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** Starts browser mode exactly as `npm run web` does (after its build steps) and returns the printed URL. */
async function startCli(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-cli-'));
  const child = spawnTree(process.execPath, [...webHostNodeArgs(), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push({ child, dataDir });
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}: ${out}`)));
  });
}

test('npm run web prints a URL that opens the first screen', async ({ page }) => {
  const url = await startCli();
  await page.goto(url);
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByTestId('core-state')).toHaveText('ready');
  await expect(page.getByTestId('transport')).toHaveText('Browser mode (WebSocket)');
});
