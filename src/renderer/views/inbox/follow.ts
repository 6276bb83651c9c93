/**
 * Following one per-organization list by the Core's patches, through whichever port reaches
 * the Core (the window's bridge, or a test's recording Core): the Inbox, Recent and the
 * Messages sidebar share it.
 */
import { applySidebarPatch } from '../../../contract/sidebar-patch.ts';
import type { SidebarSnapshot } from '../../../contract/schemas/messages.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export interface Live<T> {
  byAccount: ReadonlyMap<string, T>;
  loaded: boolean;
  error: unknown;
}

/** A followed list: `stop` ends it, `reload` asks for the whole list again. */
export interface Following {
  stop: () => void;
  reload: () => Promise<void>;
}

/**
 * Follows one per-account list by its patches (docs/architecture.md "Pushed topics"): patches that
 * come before the snapshot are held and those newer than it applied on top; a patch that skips one
 * (a push lost while the page was away) has the whole list asked for again. Patches of accounts the
 * list does not cover (`covers`) are left alone.
 */
export function follow<
  T extends { accountId: string; seq?: number },
  P extends { accountId: string; seq: number },
>(
  port: RpcPort,
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
        void load();
        return;
      }
      next ??= new Map(state.byAccount);
      next.set(p.accountId, apply(map.get(p.accountId), p));
    }
    if (next) state.byAccount = next;
  };
  const load = (): Promise<void> => {
    held ??= [];
    return snapshot().then(
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
    port.on(topic, (p) => {
      if (held) held.push(p as unknown as P);
      else applyAll([p as unknown as P]);
    }),
    port.on('inbox.removed', ({ accountId }) => {
      const next = new Map(state.byAccount);
      next.delete(accountId);
      state.byAccount = next;
    }),
  ];
  void load();
  return {
    stop: () => {
      closed = true;
      offs.forEach((off) => off());
    },
    reload: load,
  };
}

/**
 * The Messages sidebar of one account, while shown: each snapshot counts as one watcher in
 * the Core, so stopping unwatches as many times.
 */
export function followSidebar(
  port: RpcPort,
  state: Live<SidebarSnapshot>,
  accountId: string,
): Following {
  let asked = 0;
  const following = follow(
    port,
    state,
    'messages.sidebarPatch',
    async () => {
      asked++;
      return [await port.invoke('messages.sidebar', { accountId })];
    },
    applySidebarPatch,
    (id) => id === accountId,
  );
  return {
    reload: following.reload,
    stop: () => {
      following.stop();
      for (; asked > 0; asked--) {
        port.invoke('messages.sidebarUnwatch', { accountId }).catch(() => undefined);
      }
    },
  };
}

export function liveState<T>(): Live<T> {
  return { byAccount: new Map(), loaded: false, error: undefined };
}
