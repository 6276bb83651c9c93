import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts browser mode exactly as `npm run web` does (after its build step) and returns the printed URL. */
async function startCli(): Promise<{ child: ChildProcess; url: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-cli-'));
  const child = spawn('npx', ['tsx', 'src/web/cli.ts', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}: ${out}`)));
  });
  return { child, url };
}

test('npm run web prints a URL that opens the first screen', async ({ page }) => {
  const { child, url } = await startCli();
  try {
    await page.goto(url);
    await page.getByRole('button', { name: 'Overview' }).click();
    await expect(page.getByTestId('core-state')).toHaveText('ready');
    await expect(page.getByTestId('transport')).toHaveText('Browser mode (WebSocket)');
  } finally {
    child.kill('SIGTERM');
  }
});
