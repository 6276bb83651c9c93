import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { PresenceService } from '../../../../src/core/presence/presence-service.ts';

describe('presence before the account has registered', () => {
  it("shows nobody, with the spec's default intervals, at the Core's now", () => {
    const clock = new ManualClock();
    const service = new PresenceService({
      clock,
      accounts: { clientFor: () => Promise.reject(new Error('no server is asked')) },
      sync: { state: () => undefined },
    });
    expect(service.snapshot('ada')).toEqual({
      accountId: 'ada',
      now: clock.now(),
      presenceDisabled: false,
      presenceEnabled: true,
      pingIntervalSeconds: 60,
      offlineThresholdSeconds: 140,
      people: [],
    });
  });
});
