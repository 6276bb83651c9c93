/** How the Activity panel and the tray menu word one account's connection. */
import type { QueueStateWire } from './schemas/sync.ts';

/** Whole seconds left until `at`, never negative: the countdowns of the panel. */
function secondsUntil(at: number | undefined, now: number): number {
  return Math.max(0, Math.ceil(((at ?? now) - now) / 1000));
}

/** Whole seconds since `at`, never negative. */
function secondsSince(at: number | undefined, now: number): number {
  return Math.max(0, Math.floor((now - (at ?? now)) / 1000));
}

export function connectionLabel(
  health: { state: QueueStateWire; retryAt?: number | undefined; silentSince?: number | undefined },
  now: number,
): string {
  switch (health.state) {
    case 'polling':
      return 'Connected';
    case 'not_answering':
      return `Not answering: no event or heartbeat for ${secondsSince(health.silentSince, now)} s; still waiting`;
    case 'backoff':
      return `Reconnecting in ${secondsUntil(health.retryAt, now)} s`;
    case 'registering':
    case 'idle':
      return 'Connecting…';
    case 'needs_attention':
      return 'Needs attention';
    case 'stopped':
      return 'Stopped';
  }
}

/** Why an account hears nothing for now, though connected; undefined while no call waits. */
export function rateLimitLabel(
  health: { rateLimitedUntil?: number | undefined; rateLimitedEndpoint?: string | undefined },
  now: number,
): string | undefined {
  if (health.rateLimitedUntil === undefined) return undefined;
  const call = health.rateLimitedEndpoint ? ` (${health.rateLimitedEndpoint})` : '';
  return `Rate-limited by the server: waiting ${secondsUntil(health.rateLimitedUntil, now)} s${call}`;
}
