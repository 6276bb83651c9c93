/** How the Activity panel and the tray menu word one account's connection. */
import type { QueueState } from './event-queue.ts';

export function connectionLabel(
  health: { state: QueueState; retryAt?: number | undefined },
  now: number,
): string {
  switch (health.state) {
    case 'polling':
      return 'Connected';
    case 'backoff': {
      const seconds = Math.max(0, Math.ceil(((health.retryAt ?? now) - now) / 1000));
      return `Reconnecting in ${seconds} s`;
    }
    case 'registering':
    case 'idle':
      return 'Connecting…';
    case 'needs_attention':
      return 'Needs attention';
    case 'stopped':
      return 'Stopped';
  }
}
