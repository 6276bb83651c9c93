/**
 * The renderer's copy of the Core's Inbox and Recent rows and the Messages sidebar, one entry
 * per organization, kept current by the Core's patches (never by polling). The maps are replaced, never mutated, so
 * a `$state` holder of a Live re-renders on each push.
 */
import { invoke, on } from '../../bridge.ts';
import { applyInboxPatch, applyRecentPatch } from '../../../core/inbox/patch.ts';
import { applySidebarPatch } from '../../../core/messages/sidebar-patch.ts';
import type { InboxAccountWire, RecentAccountWire } from '../../../core/rpc/schemas/inbox.ts';
import type { SidebarSnapshot } from '../../../core/rpc/schemas/messages.ts';

export interface Live<T> {
  byAccount: ReadonlyMap<string, T>;
  loaded: boolean;
  error: unknown;
}

/** A followed list: `stop` ends it, `reload` asks for the whole list again. */
interface Following {
  stop: () => void;
  reload: () => void;
}

/**
 * Follows one per-account list by its patches (issue 25 point 2): patches that come before
 * the snapshot are held and those newer than it applied on top; a patch that skips one (a
 * push lost while the page was away) has the whole list asked for again. Patches of accounts
 * the list does not cover (`covers`) are left alone.
 */
function follow<
  T extends { accountId: string; seq?: number },
  P extends { accountId: string; seq: number },
>(
  state: Live<T>,
  topic: 'inbox.patch' | 'recent.patch' | 'messages.sidebarPatch',
  snapshot: () => Promise<T[]>,
  apply: (before: T | undefined, patch: P) => T,
  covers: (accountId: string) => boolean = () => true,
): Following {
  let held: P[] | undefined = [];
  let closed = false;
  const seqOf = (accountId: string) => state.byAccount.get(accountId)?.seq ?? 0;
  const applyAll = (patches: readonly P[]) => {
    let next: Map<string, T> | undefined;
    for (const p of patches) {
      if (!covers(p.accountId)) continue;
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
  return {
    stop: () => {
      closed = true;
      offs.forEach((off) => off());
    },
    reload: load,
  };
}

export function followInbox(state: Live<InboxAccountWire>): () => void {
  return follow(
    state,
    'inbox.patch',
    async () => (await invoke('inbox.get', {})).accounts,
    applyInboxPatch,
  ).stop;
}

/** Recent's changes are pushed only while a view follows it: leaving tells the Core. */
export function followRecent(state: Live<RecentAccountWire>): () => void {
  // Each recent.get counts as one watcher in the Core (a reload after a lost patch too).
  let asked = 0;
  const { stop } = follow(
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
 * The Messages sidebar of one account, while shown: each snapshot counts as one watcher in
 * the Core, so stopping unwatches as many times.
 */
export function followSidebar(state: Live<SidebarSnapshot>, accountId: string): Following {
  let asked = 0;
  const following = follow(
    state,
    'messages.sidebarPatch',
    async () => {
      asked++;
      return [await invoke('messages.sidebar', { accountId })];
    },
    applySidebarPatch,
    (id) => id === accountId,
  );
  return {
    reload: following.reload,
    stop: () => {
      following.stop();
      for (; asked > 0; asked--) {
        invoke('messages.sidebarUnwatch', { accountId }).catch(() => undefined);
      }
    },
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
