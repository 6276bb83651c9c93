/**
 * The renderer's copy of the Core's Inbox and Recent rows, one entry per organization, kept
 * current by the Core's patches (never by polling). The maps are replaced, never mutated, so
 * a `$state` holder of a Live re-renders on each push.
 */
import { invoke, on } from '../../bridge.ts';
import { applyInboxPatch, applyRecentPatch } from '../../../core/inbox/patch.ts';
import type { InboxAccountWire, RecentAccountWire } from '../../../core/rpc/schemas/inbox.ts';

export interface Live<T> {
  byAccount: ReadonlyMap<string, T>;
  loaded: boolean;
  error: unknown;
}

/**
 * Follows one per-account list by its patches (issue 25 point 2): patches that come before
 * the snapshot are held and those newer than it applied on top; a patch that skips one (a
 * push lost while the page was away) has the whole list asked for again.
 */
function follow<
  T extends { accountId: string; seq?: number },
  P extends { accountId: string; seq: number },
>(
  state: Live<T>,
  topic: 'inbox.patch' | 'recent.patch',
  snapshot: () => Promise<T[]>,
  apply: (before: T | undefined, patch: P) => T,
): () => void {
  let held: P[] | undefined = [];
  let closed = false;
  const seqOf = (accountId: string) => state.byAccount.get(accountId)?.seq ?? 0;
  const applyAll = (patches: readonly P[]) => {
    let next: Map<string, T> | undefined;
    for (const p of patches) {
      const map = next ?? state.byAccount;
      const seq = map.get(p.accountId)?.seq ?? 0;
      if (p.seq <= seq) continue;
      if (p.seq !== seq + 1) {
        load();
        return;
      }
      next ??= new Map(state.byAccount);
      next.set(p.accountId, apply(map.get(p.accountId), p));
    }
    if (next) state.byAccount = next;
  };
  const load = () => {
    held ??= [];
    snapshot().then(
      (accounts) => {
        if (closed) return;
        const next = new Map(state.byAccount);
        for (const a of accounts) if ((a.seq ?? 0) >= seqOf(a.accountId)) next.set(a.accountId, a);
        state.byAccount = next;
        state.loaded = true;
        state.error = undefined;
        const patches = held ?? [];
        held = undefined;
        applyAll(patches);
      },
      (err: unknown) => {
        state.error = err;
        state.loaded = true;
      },
    );
  };
  const offs = [
    on(topic, (p) => {
      if (held) held.push(p as unknown as P);
      else applyAll([p as unknown as P]);
    }),
    on('inbox.removed', ({ accountId }) => {
      const next = new Map(state.byAccount);
      next.delete(accountId);
      state.byAccount = next;
    }),
  ];
  load();
  return () => {
    closed = true;
    offs.forEach((off) => off());
  };
}

export function followInbox(state: Live<InboxAccountWire>): () => void {
  return follow(
    state,
    'inbox.patch',
    async () => (await invoke('inbox.get', {})).accounts,
    applyInboxPatch,
  );
}

/** Recent's changes are pushed only while a view follows it: leaving tells the Core. */
export function followRecent(state: Live<RecentAccountWire>): () => void {
  // Each recent.get counts as one watcher in the Core (a reload after a lost patch too).
  let asked = 0;
  const stop = follow(
    state,
    'recent.patch',
    async () => {
      asked++;
      return (await invoke('recent.get', {})).accounts;
    },
    applyRecentPatch,
  );
  return () => {
    stop();
    for (; asked > 0; asked--) invoke('recent.unwatch', {}).catch(() => undefined);
  };
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
