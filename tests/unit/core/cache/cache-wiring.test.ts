import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { createAccountCache } from '../../../../src/core/cache/cache-wiring.ts';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perch-cache-wiring-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The kept messages' part of the store's steps, as the cache wraps it. */
function wrappedApply(clock: ManualClock) {
  const applied: ServerEvent[][] = [];
  const cache = createAccountCache({
    dataDir: dir,
    clock,
    registry: { get: () => ({ demo: false }) } as never,
    secrets: new TestKeychain(),
  });
  const parts = cache.storeParts({
    messages: { apply: (_id: string, events: ServerEvent[]) => applied.push(events) },
  } as never);
  return { apply: (events: ServerEvent[]) => parts.messages.apply('acct-1', events), applied };
}

describe('when the cache schedules a write', () => {
  it('after events it keeps, and not after presence, typing or heartbeats alone', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 10, 0));
    const { apply, applied } = wrappedApply(clock);
    apply([
      { type: 'presence', id: 1 },
      { type: 'typing', id: 2 },
      { type: 'heartbeat', id: 3 },
    ] as never);
    // The kept messages still see every batch; only the write waits for a kept change.
    expect(applied).toHaveLength(1);
    expect(clock.pendingCount).toBe(0);
    apply([
      { type: 'presence', id: 4 },
      { type: 'update_message_flags', id: 5, op: 'add', flag: 'read', messages: [9] },
    ] as never);
    expect(clock.pendingCount).toBe(1);
  });
});
