/**
 * The typing protocol's periods, which the server sets (POST /register, FL 204): how often
 * a "start" is repeated while typing, how long a pause makes a "stop", and how long an
 * indicator lasts without a new "start". A server that does not send one gets the value
 * the official apps hard-coded before the server did.
 */
export interface TypingPeriods {
  startedWaitMs: number;
  stoppedWaitMs: number;
  startedExpiryMs: number;
}

export const DEFAULT_TYPING_PERIODS: Readonly<TypingPeriods> = {
  startedWaitMs: 10_000,
  stoppedWaitMs: 5_000,
  startedExpiryMs: 15_000,
};

function period(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function typingPeriodsFrom(register: Record<string, unknown>): TypingPeriods {
  return {
    startedWaitMs: period(
      register['server_typing_started_wait_period_milliseconds'],
      DEFAULT_TYPING_PERIODS.startedWaitMs,
    ),
    stoppedWaitMs: period(
      register['server_typing_stopped_wait_period_milliseconds'],
      DEFAULT_TYPING_PERIODS.stoppedWaitMs,
    ),
    startedExpiryMs: period(
      register['server_typing_started_expiry_period_milliseconds'],
      DEFAULT_TYPING_PERIODS.startedExpiryMs,
    ),
  };
}
