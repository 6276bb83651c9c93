import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { installedElectron } from '../../scripts/launch-electron/electron-binary.ts';

const root = resolve('.');

// Asked as the launcher asks: requiring 'electron' would start downloading a missing binary.
const binary = installedElectron(join(root, 'node_modules', 'electron'), process.env);
const SKIPPED = 'Electron binary not installed on this machine; launch test skipped';

test.describe('the Electron app', () => {
  test.skip(!binary, SKIPPED);

  let dataDir: string;
  test.beforeAll(() => {
    // `npm run test:e2e` builds only the renderer; the main process and preload are built here.
    execFileSync(process.execPath, [join(root, 'scripts', 'build-electron.mjs')], {
      stdio: 'inherit',
    });
  });
  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'perch-electron-'));
  });
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('opens the first screen, served by the Core over IPC', async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const app = await electron.launch({
      executablePath: binary ?? undefined,
      // Containers and CI runners often lack Chromium's setuid sandbox helper, so its OS
      // sandbox is off here on Linux; what this test checks is the page's isolation from Node.
      args: [
        root,
        '--data-dir',
        dataDir,
        ...(process.platform === 'linux' ? ['--no-sandbox'] : []),
      ],
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('app-version')).toHaveText(`Perch ${pkg.version}`);
      await expect(page.getByTestId('transport')).toHaveText('Electron IPC');
      await expect(page.getByTestId('core-state')).toHaveText('ready');

      // The page sees the bridge and nothing of Node.
      const reach = await page.evaluate(() => ({
        bridge: Object.keys(window.perch ?? {}).sort(),
        node: typeof (globalThis as { require?: unknown }).require,
      }));
      expect(reach).toEqual({ bridge: ['invoke', 'on'], node: 'undefined' });

      const refused = await page.evaluate(() =>
        window.perch?.invoke('prefs.set', { theme: 'purple' }),
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGS' } });
    } finally {
      await app.close();
    }
  });
});
