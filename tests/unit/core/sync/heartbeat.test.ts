import { describe, expect, it } from 'vitest';
import { expectedHeartbeatMs, silenceLimitMs } from '../../../../src/core/sync/heartbeat.ts';

describe('when a long-poll counts as unanswered', () => {
  it('expects a heartbeat by half the long-poll timeout the server names', () => {
    expect(expectedHeartbeatMs(90)).toBe(45_000);
    expect(expectedHeartbeatMs(300)).toBe(150_000);
  });

  it('uses the spec default of 90 s when register names none', () => {
    expect(silenceLimitMs(undefined)).toBe(silenceLimitMs(90));
  });

  it('allows a margin past the heartbeat, well before the poll itself times out', () => {
    expect(silenceLimitMs(90)).toBe(65_000);
    // Never past the server's own timeout, where the poll fails and says so itself.
    expect(silenceLimitMs(20)).toBe(20_000);
  });
});
