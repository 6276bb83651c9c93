/**
 * Client-side pacing from the X-RateLimit headers (docs/api-notes.md "Rate limits"): when
 * the server says the budget is spent, the next call waits for the window to reset instead of
 * being refused with RATE_LIMIT_HIT.
 */
import { sleep } from '../lib/clock.ts';
import type { Clock } from '../lib/clock.ts';

/** Never pace longer than this on the strength of a header alone (clock skew guard). */
const MAX_PACE_MS = 60_000;

export interface RateLimitHeaders {
  remaining?: number;
  /** UNIX seconds at which the budget refills. */
  resetSeconds?: number;
}

function headerNumber(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function readRateLimitHeaders(
  headers: Record<string, string | string[] | undefined>,
): RateLimitHeaders {
  return {
    remaining: headerNumber(headers['x-ratelimit-remaining']),
    resetSeconds: headerNumber(headers['x-ratelimit-reset']),
  };
}

export class RateLimitPacer {
  private remaining: number | undefined;
  private resetAtMs = 0;

  constructor(private readonly clock: Clock) {}

  /** Records what the latest response said about the budget. */
  observe(headers: RateLimitHeaders): void {
    if (headers.remaining === undefined || headers.resetSeconds === undefined) return;
    this.remaining = headers.remaining;
    this.resetAtMs = headers.resetSeconds * 1000;
  }

  /** Milliseconds the next request should wait; 0 when budget is left or unknown. */
  delayMs(): number {
    if (this.remaining === undefined || this.remaining > 0) return 0;
    const wait = this.resetAtMs - this.clock.now();
    if (wait <= 0) {
      this.remaining = undefined;
      return 0;
    }
    return Math.min(wait, MAX_PACE_MS);
  }

  /**
   * Waits out a spent budget, then counts the request about to be sent against it. `wait`
   * lets the client report the pause (it is otherwise invisible to the user).
   */
  async beforeRequest(
    signal?: AbortSignal,
    wait: (ms: number) => Promise<void> = (ms) => sleep(this.clock, ms, signal),
  ): Promise<void> {
    const delay = this.delayMs();
    if (delay > 0) {
      await wait(delay);
      this.remaining = undefined;
    }
    if (this.remaining !== undefined) this.remaining -= 1;
  }
}
