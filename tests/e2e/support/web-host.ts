import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../../src/core/core.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';

export interface BrowserMode {
  core: Core;
  host: WebHost;
  dataDir: string;
  stop(): Promise<void>;
}

/** A Core with its own empty data directory, served in browser mode on a free port. */
export async function startBrowserMode(
  extra: Partial<Pick<CoreOptions, 'demoServer' | 'clock' | 'notifyInRenderer' | 'env'>> = {},
): Promise<BrowserMode> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
  const core = await createCore({ dataDir, version: '0.0.0-e2e', transport: 'web', ...extra });
  const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
  return {
    core,
    host,
    dataDir,
    async stop() {
      await host.close();
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
