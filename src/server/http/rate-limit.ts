/**
 * Per-user fixed-window rate limiter. Every authenticated response carries the
 * X-RateLimit-* headers; a request over the limit gets RATE_LIMIT_HIT with retry-after.
 */
import type { Clock } from '../../lib/clock.ts';
import { ApiError } from './errors.ts';

interface Window {
  start: number;
  count: number;
}

export interface RateDecision {
  headers: Record<string, string>;
  /** Set when the request must be refused. */
  error?: ApiError;
}

export class RateLimiter {
  private readonly windows = new Map<number, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: { requests: number; windowSeconds: number },
  ) {}

  take(userId: number): RateDecision {
    const now = this.clock.now();
    const span = this.limit.windowSeconds * 1000;
    let w = this.windows.get(userId);
    if (!w || now - w.start >= span) {
      w = { start: now, count: 0 };
      this.windows.set(userId, w);
    }
    const resetMs = w.start + span;
    const over = w.count >= this.limit.requests;
    if (!over) w.count++;
    const headers = {
      'X-RateLimit-Limit': String(this.limit.requests),
      'X-RateLimit-Remaining': String(this.limit.requests - w.count),
      'X-RateLimit-Reset': String(Math.ceil(resetMs / 1000)),
    };
    if (!over) return { headers };
    const retryAfter = Math.max(0.001, (resetMs - now) / 1000);
    return {
      headers: { ...headers, 'Retry-After': String(Math.ceil(retryAfter)) },
      error: new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', {
        'retry-after': retryAfter,
      }),
    };
  }
}
