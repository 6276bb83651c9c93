/**
 * A window hears of a connection's change, not of each event's id and time; those moved with
 * every long-poll answer and woke every window twice per incoming message.
 */
import { describe, expect, it } from 'vitest';
import type { AccountSyncStatus } from '../../../../src/core/sync/manager.ts';
import { sameButEventFigures, statusPublisher } from '../../../../src/core/sync/status-push.ts';

const polling = (lastEventId: number): AccountSyncStatus => ({
  accountId: 'a',
  health: {
    state: 'polling',
    queueId: 'q1',
    lastEventId,
    lastEventAt: 1000 + lastEventId,
    lastHeartbeatAt: 900 + lastEventId,
    silentSince: undefined,
    reconnects: 0,
    failures: 0,
    offlineSince: undefined,
    retryAt: undefined,
    lastError: undefined,
    rateLimitedUntil: undefined,
    rateLimitedEndpoint: undefined,
  },
});

describe('sync.status pushes', () => {
  it('leave out a new event id or time, and carry a change of connection', () => {
    const published: AccountSyncStatus[][] = [];
    const publish = statusPublisher((s) => published.push(s));
    publish([polling(1)]);
    publish([polling(2)]);
    publish([polling(3)]);
    expect(published).toHaveLength(1);

    const backingOff = polling(3);
    backingOff.health = {
      ...backingOff.health,
      state: 'backoff',
      failures: 1,
      lastError: 'ECONNRESET',
    };
    publish([backingOff]);
    expect(published.at(-1)?.[0]?.health.state).toBe('backoff');

    publish([polling(4)]);
    expect(published.map((s) => s[0]?.health.state)).toEqual(['polling', 'backoff', 'polling']);
    // Each push carries the figures of its moment, so a view showing them is current.
    expect(published.at(-1)?.[0]?.health.lastEventId).toBe(4);
  });

  it('carry an account added or removed', () => {
    const published: AccountSyncStatus[][] = [];
    const publish = statusPublisher((s) => published.push(s));
    publish([polling(1)]);
    publish([polling(1), { ...polling(1), accountId: 'b' }]);
    publish([{ ...polling(2), accountId: 'b' }]);
    expect(published.map((s) => s.map((x) => x.accountId))).toEqual([['a'], ['a', 'b'], ['b']]);
  });

  it('are built only after a turn whose health changed in more than event figures', () => {
    const { health } = polling(1);
    // What an answer moves: no status is built for it.
    expect(sameButEventFigures(health, polling(7).health)).toBe(true);
    const { rateLimitedUntil: _until, ...withoutKey } = health;
    expect(sameButEventFigures(health, withoutKey as typeof health)).toBe(true);
    // What a window or the Inbox shows: the turn builds every status.
    for (const change of [
      { state: 'backoff' as const },
      { failures: 1 },
      { queueId: 'q2' },
      { lastError: 'ECONNRESET' },
      { rateLimitedUntil: 5000 },
      { silentSince: 1200 },
    ]) {
      expect(sameButEventFigures(health, { ...health, ...change }), Object.keys(change)[0]).toBe(
        false,
      );
    }
  });
});
