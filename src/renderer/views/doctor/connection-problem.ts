/** When the connection doctor is offered for an account: its queue is failing or waiting on it. */
import type { Health } from '../activity/connection.ts';

export function hasConnectionProblem(health: Health | undefined): boolean {
  if (!health) return false;
  return (
    health.failures > 0 ||
    health.state === 'backoff' ||
    health.state === 'not_answering' ||
    health.state === 'needs_attention'
  );
}

/** Sign-in errors about reaching the server (not about the credentials) offer the doctor. */
export const REACH_ERRORS = new Set(['NETWORK', 'PROXY', 'NOT_A_SERVER', 'CERTIFICATE']);
