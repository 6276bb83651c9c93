/** The reference server as `npm run -s server` runs it, in its own process group. */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnTree } from '../../e2e/support/process-tree.ts';
import type { PrintedUser } from '../../../src/server/cli-report.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export type { PrintedUser } from '../../../src/server/cli-report.ts';

/** node directly, not npm or npx, so stopping the tree (stopTree) stops the server itself. */
export function spawnServerCli(args: string[]): ChildProcess {
  return spawnTree(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The JSON line the server prints first: its URL and every user with an API key. */
export function firstLine(
  child: ChildProcess,
): Promise<{ url: string; jwt_key: string; users: PrintedUser[] }> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Basic credentials of the first owner the server printed. */
export function ownerAuth(users: readonly PrintedUser[]): string {
  const owner = users.find((u) => u.role === 100)!;
  return `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}`;
}
