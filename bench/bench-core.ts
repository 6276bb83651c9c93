/**
 * A Core for a bench, in browser mode with its own data directory; keys stay in memory, since
 * what is measured is never the keychain. `close` stops it and removes the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../src/core/core.ts';
import { MemorySecrets } from '../tests/integration/core/sync/memory-secrets.ts';

export interface BenchCore {
  core: Core;
  close(): Promise<void>;
}

export async function startBenchCore(): Promise<BenchCore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-'));
  const core = await createCore({
    dataDir,
    version: '0.0.0-bench',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  return {
    core,
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
