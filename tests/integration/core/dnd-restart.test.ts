/**
 * Do Not Disturb across restarts of the Core: what the user chose in the tray holds after
 * Perch is quit and opened again, ends on time either way, and a damaged file never keeps
 * the Core from starting.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type { Result } from '../../../src/contract/contract.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

const HOUR = 3_600_000;

describe('Do Not Disturb across restarts', () => {
  let clock: ManualClock;
  let dataDir: string;
  const open: Core[] = [];

  beforeEach(async () => {
    clock = new ManualClock(new Date(2026, 10, 21, 21, 0).getTime());
    dataDir = await mkdtemp(join(tmpdir(), 'perch-dnd-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  async function start(): Promise<Core> {
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      clock,
      secrets: new MemorySecrets(),
    });
    open.push(core);
    return core;
  }

  async function restart(core: Core): Promise<Core> {
    open.splice(open.indexOf(core), 1);
    await core.close();
    return start();
  }

  async function dnd(core: Core, choice?: 'off' | 'hour' | 'tomorrow' | 'indefinite') {
    const response = choice
      ? await core.invoke('dnd.set', { choice })
      : await core.invoke('dnd.get', {});
    if (!response.ok) throw new Error(response.error.message);
    return response.result as Result<'dnd.get'>;
  }

  it('"until tomorrow" survives a restart and still ends at 08:00', async () => {
    const first = await start();
    const chosen = await dnd(first, 'tomorrow');
    expect(chosen).toEqual({ active: true, until: new Date(2026, 10, 22, 8, 0).getTime() });

    const second = await restart(first);
    expect(await dnd(second)).toEqual(chosen);
    const pushed: unknown[] = [];
    second.subscribe((topic, payload) => {
      if (topic === 'dnd.changed') pushed.push(payload);
    });
    await clock.advance(11 * HOUR);
    expect(pushed).toEqual([{ active: false, until: null }]);
    expect(await dnd(second)).toEqual({ active: false, until: null });
  });

  it('an hour that ran out while Perch was closed is off at the next start', async () => {
    const first = await start();
    await dnd(first, 'hour');
    await first.close();
    open.splice(0);
    await clock.advance(2 * HOUR);
    expect(await dnd(await start())).toEqual({ active: false, until: null });
  });

  it('"until turned off" stays on over restarts until the user turns it off', async () => {
    let core = await start();
    await dnd(core, 'indefinite');
    core = await restart(core);
    expect(await dnd(core)).toEqual({ active: true, until: null });
    await dnd(core, 'off');
    core = await restart(core);
    expect(await dnd(core)).toEqual({ active: false, until: null });
  });

  it('the saved file holds only the state, and a damaged one starts Perch with DND off', async () => {
    const core = await start();
    const state = await dnd(core, 'hour');
    await core.close();
    open.splice(0);
    const file = join(dataDir, 'do-not-disturb.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);

    await writeFile(file, '{"active": tr');
    expect(await dnd(await start())).toEqual({ active: false, until: null });
  });
});
