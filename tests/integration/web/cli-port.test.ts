/**
 * `npm run web -- --port N` on a port another program holds: one line that says so and what
 * to do, exit 1, promptly; never Node's stack, never a process left running.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let holder: Server;
let port: number;
let dataDir: string;

beforeEach(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as { port: number }).port;
  dataDir = await mkdtemp(join(tmpdir(), 'perch-cli-port-'));
});

afterEach(async () => {
  await new Promise((resolve) => holder.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

it('a port in use ends browser mode with one line naming it, exit 1', async () => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/web/cli.ts',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--secret-store',
      'memory',
    ],
    { cwd: root, env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' } },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(out).toBe('');
  expect(err).toBe(
    `Perch cannot listen on port ${port} on 127.0.0.1: another program is using it. ` +
      'Choose another port with --port N, or --port 0 for any free one.\n',
  );
  expect(code).toBe(1);
}, 60_000);
