/**
 * The state of an account's event queue, as Activity shows it (docs/architecture.md,
 * "Background sync"): a test waits for it to poll before it makes a change the account must
 * see, so nothing made from then on goes unseen.
 */
import { expect } from '@playwright/test';
import type { Result } from '../../../src/contract/contract.ts';
import type { BrowserMode } from './web-host.ts';

type QueueState = Result<'sync.status'>[number]['health']['state'];

/** The account's queue state; the first account's unless one is named. */
export async function queueState(
  mode: BrowserMode,
  accountId?: string,
): Promise<QueueState | undefined> {
  const r = await mode.core.invoke('sync.status', {});
  if (!r.ok) return undefined;
  const statuses = r.result as Result<'sync.status'>;
  const status =
    accountId === undefined ? statuses[0] : statuses.find((s) => s.accountId === accountId);
  return status?.health.state;
}

/** Waits until the account's queue polls; the first account's unless one is named. */
export async function untilPolling(mode: BrowserMode, accountId?: string): Promise<void> {
  await expect.poll(() => queueState(mode, accountId)).toBe('polling');
}

/** Signs `user` in to `mode` with its key and waits until its queue polls; its account id. */
export async function signInPolling(
  mode: BrowserMode,
  serverUrl: string,
  user: { email: string; api_key: string },
): Promise<string> {
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl,
    email: user.email,
    apiKey: user.api_key,
  });
  if (!r.ok) throw new Error(r.error.message);
  const { id } = r.result as Result<'accounts.signInWithKey'>;
  await untilPolling(mode, id);
  return id;
}
