import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedElectron } from '../../../scripts/launch-electron/electron-binary.ts';
import { spawnTree, stopTree } from '../../e2e/support/process-tree.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const electronInstalled = installedElectron(join(root, 'node_modules', 'electron'), process.env);

let cache: string;
const started: ChildProcess[] = [];
const servers: Server[] = [];

beforeEach(async () => {
  cache = await mkdtemp(join(tmpdir(), 'perch-electron-cache-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => stopTree(child)));
  for (const server of servers.splice(0)) server.close();
  await rm(cache, { recursive: true, force: true });
});

/**
 * Runs `npm <script>` as a user would, with Electron's download sent to `mirror` and cached
 * in an empty directory; resolves with its exit code, everything it printed and how long it
 * took.
 */
async function runNpm(
  script: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string; seconds: number }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(ELECTRON_|npm_config_electron|https?_proxy$|electron_config_)/i.test(name),
    ),
  );
  const began = performance.now();
  const child = spawnTree('npm', script, {
    cwd: root,
    env: { ...clean, electron_config_cache: cache, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output, seconds: (performance.now() - began) / 1000 };
}

/** A loopback port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A mirror that answers every file with the given bytes. */
async function mirrorServing(body: string): Promise<string> {
  const server = createServer((_, res) => res.end(body)).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe.runIf(process.platform === 'linux')(
  'npm start / npm run demo (scripts/launch-electron.ts)',
  () => {
    it('says there is no display, and how to run the app without one, before any download or build', async () => {
      const run = await runNpm(['run', 'demo'], { DISPLAY: undefined, WAYLAND_DISPLAY: undefined });
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        'Perch cannot open its desktop window: there is no display on this machine',
      );
      expect(run.output).toContain('  npm run web -- --demo\n');
      expect(run.output).not.toContain('downloading');
      expect(run.output).not.toContain('vite');
    });

    describe.skipIf(electronInstalled)(
      'with no Electron binary (skipped where one is installed: it would start)',
      () => {
        it('exits within 60 s naming the failed download, why, and the browser-mode command', async () => {
          const mirror = `http://127.0.0.1:${await deadPort()}/`;
          const run = await runNpm(['run', 'demo'], { DISPLAY: ':99', ELECTRON_MIRROR: mirror });
          expect(run.code).toBe(1);
          expect(run.seconds).toBeLessThan(60);
          expect(run.output).toContain('downloading it once');
          expect(run.output).toContain(
            'The Perch desktop app cannot start: Electron’s binary (Electron 45.4.1) could not be downloaded.\n' +
              'Why: the connection to the download server was refused.\n' +
              `Details: TypeError: fetch failed (connect ECONNREFUSED ${mirror.slice(7, -1)})\n`,
          );
          expect(run.output).toContain(
            'The same app runs in browser mode, which needs no download:\n  npm run web -- --demo\n',
          );
          // It failed fast: before the build, not after it.
          expect(run.output).not.toContain('vite');
          expect(run.output).not.toContain('Electron failed to install correctly');
        }, 60_000);

        it('names a corrupted download, and offers plain browser mode for npm start', async () => {
          const mirror = await mirrorServing('not a zip file');
          const run = await runNpm(['start'], { DISPLAY: ':99', ELECTRON_MIRROR: mirror });
          expect(run.code).toBe(1);
          expect(run.output).toContain(
            'Why: the downloaded file’s checksum did not match (a corrupted or altered download).\n' +
              'Details: Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.\n',
          );
          expect(run.output).toContain('  npm run web\n');
          expect(run.output).not.toContain('npm run web -- --demo');
        }, 60_000);
      },
    );
  },
);
