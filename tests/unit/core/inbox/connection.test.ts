import { describe, expect, it } from 'vitest';
import { orgConnection } from '../../../../src/core/inbox/connection.ts';
import { idleHealth, type QueueHealth } from '../../../../src/core/sync/event-queue.ts';
import type { AccountStatus } from '../../../../src/core/store/account-stores.ts';

const status = (health: Partial<QueueHealth>) =>
  ({
    accountId: 'a',
    health: { ...idleHealth(), state: 'registering', ...health },
  }) as unknown as AccountStatus;
const account = { attention: undefined };

describe('orgConnection', () => {
  it('a first registration is connecting', () => {
    expect(orgConnection(account, status({}))).toEqual({ connection: 'connecting' });
    expect(orgConnection(account, undefined)).toEqual({ connection: 'connecting' });
  });

  it('backing off after a failure is out of reach since the first failure', () => {
    expect(
      orgConnection(
        account,
        status({ state: 'backoff', failures: 1, offlineSince: 1000, lastError: 'refused' }),
      ),
    ).toEqual({ connection: 'unreachable', problem: 'refused', offlineSince: 1000 });
  });

  it('trying again after failures stays out of reach, since the same time, until it succeeds', () => {
    const retrying = status({
      state: 'registering',
      failures: 3,
      offlineSince: 1000,
      lastError: 'refused',
    });
    expect(orgConnection(account, retrying)).toEqual({
      connection: 'unreachable',
      problem: 'refused',
      offlineSince: 1000,
    });
    expect(orgConnection(account, status({ state: 'polling' }))).toEqual({ connection: 'live' });
  });

  it('a sign-in that needs attention is signed out, whatever the queue says', () => {
    const out = orgConnection(
      { attention: { message: 'Key revoked' } } as never,
      status({ state: 'polling' }),
    );
    expect(out).toEqual({ connection: 'signed-out', problem: 'Key revoked' });
  });
});
