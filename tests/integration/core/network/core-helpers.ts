/** Shared by the network tests: a Core on a fresh data directory, and a call that must succeed. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../../../src/core/core.ts';

/** A Core in browser-mode shape; pushed onto `cores` so the test's afterEach closes it. */
export async function openCore(
  cores: Core[],
  options: Omit<CoreOptions, 'dataDir' | 'version' | 'transport'> & { dataDir?: string },
): Promise<Core> {
  const core = await createCore({
    dataDir: options.dataDir ?? (await mkdtemp(join(tmpdir(), 'perch-network-'))),
    version: 't',
    transport: 'web',
    ...options,
  });
  cores.push(core);
  return core;
}

/** Invokes a channel; its error message is the test's failure. */
export async function call<R>(core: Core, channel: string, args: unknown = {}): Promise<R> {
  const response = await core.invoke(channel, args);
  if (!response.ok) throw new Error(response.error.message);
  return response.result as R;
}
