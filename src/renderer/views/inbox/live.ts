/**
 * The renderer's copy of the Core's Inbox and Recent rows, one entry per organization, kept
 * current by the Core's pushes (never by polling). The maps are replaced, never mutated, so
 * a `$state` holder of a Live re-renders on each push.
 */
import { invoke, on } from '../../bridge.ts';
import type { InboxAccountWire, RecentAccountWire } from '../../../core/rpc/schemas/inbox.ts';

export interface Live<T> {
  byAccount: ReadonlyMap<string, T>;
  loaded: boolean;
  error: unknown;
}

/**
 * Follows one per-account topic: the snapshot fills what no push has updated since it was
 * asked for, so a push that overtakes the snapshot is never overwritten by older rows.
 */
function follow<T extends { accountId: string }>(
  state: Live<T>,
  changed: 'inbox.changed' | 'recent.changed',
  snapshot: () => Promise<T[]>,
): () => void {
  const pushed = new Set<string>();
  const offs = [
    on(changed, (a) => {
      pushed.add(a.accountId);
      state.byAccount = new Map(state.byAccount).set(a.accountId, a as unknown as T);
    }),
    on('inbox.removed', ({ accountId }) => {
      const next = new Map(state.byAccount);
      next.delete(accountId);
      state.byAccount = next;
    }),
  ];
  snapshot().then(
    (accounts) => {
      const next = new Map(state.byAccount);
      for (const a of accounts) if (!pushed.has(a.accountId)) next.set(a.accountId, a);
      state.byAccount = next;
      state.loaded = true;
      state.error = undefined;
    },
    (err: unknown) => {
      state.error = err;
      state.loaded = true;
    },
  );
  return () => offs.forEach((off) => off());
}

export function followInbox(state: Live<InboxAccountWire>): () => void {
  return follow(state, 'inbox.changed', async () => (await invoke('inbox.get', {})).accounts);
}

export function followRecent(state: Live<RecentAccountWire>): () => void {
  return follow(state, 'recent.changed', async () => (await invoke('recent.get', {})).accounts);
}

/**
 * Has the Core load Recent conversations now (one history window per organization), so an
 * organization that goes out of reach or signs out later still has last known ones to show.
 */
export function warmRecent(): void {
  invoke('recent.prepare', {}).catch(() => undefined);
}

export function liveState<T>(): Live<T> {
  return { byAccount: new Map(), loaded: false, error: undefined };
}
