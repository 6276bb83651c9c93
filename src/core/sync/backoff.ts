/**
 * Full-jitter exponential backoff: the wait before retry n is uniform in
 * [0, min(cap, base * 2^n)). Spreading retries over the whole window keeps many clients
 * that lost the same server from coming back in lockstep.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

export function fullJitterDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
