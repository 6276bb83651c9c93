/**
 * How the Core uses the cache keeper: what a snapshot of an account holds (its store's
 * models and its kept messages), when one is written (a few seconds after a batch of events
 * it keeps or a registration, at most once in five minutes under traffic: docs/architecture.md,
 * "The cache on disk"), and what a start does with one (the store and the kept messages put
 * back before the queue registers).
 */
import type { Clock } from '../../lib/clock.ts';
import { collectGarbageSoon } from '../../lib/collect-garbage.ts';
import type { AccountRegistry } from '../accounts/registry.ts';
import type { SecretStore } from '../accounts/secret-store.ts';
import type { CoreParts } from '../core-parts.ts';
import { subscribedChannel } from '../messages/store/core-access.ts';
import {
  restoreMessages,
  snapshotMessages,
  type MessagesSnapshot,
} from '../messages/store/store-snapshot.ts';
import type { AccountStore, StoreParts } from '../store/account-store.ts';
import { isLogged } from '../store/state-log.ts';
import type { AccountCacheStatus, SyncManager } from '../sync/manager.ts';
import { CacheKeeper, type CacheNote } from './cache-keeper.ts';
import type { CachedAccount } from './cache-payload.ts';

export interface AccountCache {
  readonly keeper: CacheKeeper;
  /** The keepers as the stores call them, each change also scheduling a snapshot. */
  storeParts(parts: CoreParts): StoreParts;
  beforeStart(accountId: string, store: AccountStore): Promise<void>;
  cacheStatus(accountId: string, store: AccountStore): AccountCacheStatus;
  /** Whether the account has a cache on disk, so its store keeps what a snapshot holds. */
  keepsSnapshots(accountId: string): boolean;
  keyRefused(accountId: string): Promise<void>;
  /**
   * Every account's saved copy was replaced by the server's: once the snapshots that follow
   * are written, one full collection gives back what the copies and those writes left
   * (lib/collect-garbage.ts). V8's old-generation limit was set while the copies were live,
   * so that memory would otherwise stay taken until V8 finds the process idle.
   */
  savedCopiesLetGo(): void;
  /**
   * Reads and decrypts the copies of these accounts at once, before any queue starts: a
   * queue's first registration would otherwise hold up the next account's restore.
   */
  preload(accountIds: readonly string[]): Promise<void>;
  /** The Core's other parts, once built (they are built after the sync manager). */
  attach(sync: SyncManager, parts: CoreParts): void;
}

export function createAccountCache(deps: {
  dataDir: string;
  clock: Clock;
  registry: AccountRegistry;
  secrets: SecretStore;
  budgetBytes?: () => number;
  onNote?: (accountId: string, note: CacheNote) => void;
}): AccountCache {
  let sync: SyncManager | undefined;
  const preloaded = new Map<string, Promise<CachedAccount | undefined>>();
  let parts: CoreParts | undefined;
  const keeper = new CacheKeeper({
    dataDir: deps.dataDir,
    clock: deps.clock,
    // Demo accounts' keys live in memory and their server dies with the run: no copy.
    secretsFor: (id) => (deps.registry.get(id)?.demo ? undefined : deps.secrets),
    ...(deps.budgetBytes ? { budgetBytes: deps.budgetBytes } : {}),
    ...(deps.onNote ? { onNote: deps.onNote } : {}),
  });
  keeper.attach({
    snapshot: (accountId, maxMessages) => {
      const store = sync?.store(accountId);
      const state = store?.snapshot();
      if (!store || !state) return undefined;
      const head = {
        accountId,
        savedAt: deps.clock.now(),
        state,
        // Every message up to the newest the store knows has been decided for notification.
        notifiedUpTo: store.newestMessageId,
        // Built from the same models in the same turn: it is what their restore shows.
        inbox: store.inbox(),
      };
      // Nobody asked for the saved messages since the start: they are written back as read.
      const saved = parts?.messages.store.saved(accountId);
      if (saved && maxMessages === Infinity)
        return { ...head, messages: undefined, messagesText: saved.text };
      const kept = parts?.messages.store.existing(accountId);
      return { ...head, messages: kept && snapshotMessages(kept, maxMessages) };
    },
  });
  return {
    keeper,
    attach(s, p) {
      sync = s;
      parts = p;
    },
    storeParts(p) {
      const m = p.messages;
      return {
        ...p,
        messages: {
          drop: (id) => m.drop(id),
          apply: (id, events) => {
            m.apply(id, events);
            // Presence and typing come all day in a busy organization and are not kept.
            if (events.some(isLogged)) keeper.changed(id);
          },
          restored: (id) => m.restored(id),
          unreadsChanged: (id) => {
            m.unreadsChanged(id);
            keeper.changed(id);
          },
          sidebars: m.sidebars,
          sidebarPush: m.sidebarPush,
        },
      };
    },
    async preload(accountIds) {
      for (const id of accountIds) preloaded.set(id, keeper.load(id));
      await Promise.all(preloaded.values());
    },
    async beforeStart(accountId, store) {
      const early = preloaded.get(accountId);
      preloaded.delete(accountId);
      const cached = await (early ?? keeper.load(accountId));
      if (!cached) return;
      // A snapshot this Perch cannot replay is no head start: the file goes, with why.
      store.restore(cached.state, cached.savedAt, cached.inbox, () => {
        void keeper.unusable(accountId);
      });
      if (!parts) return;
      const text = cached.messagesText;
      const restore = (snapshot: MessagesSnapshot) => {
        // The state as it is when the messages are first asked for: the narrows compile
        // against the channels the account has then.
        const state = store.state;
        if (!state) return undefined;
        return restoreMessages(snapshot, {
          myUserId: state.userId,
          subscribedChannel: (o: string | number) => subscribedChannel(state, o),
        });
      };
      try {
        if (text !== undefined) {
          // Parsed only when a view asks (messages/store/message-store.ts): a start that
          // registers first never holds them as objects.
          parts.messages.store.adoptLater(accountId, {
            text,
            load: () => restore(JSON.parse(text) as MessagesSnapshot),
          });
        } else if (cached.messages) {
          const restored = restore(cached.messages);
          if (restored) parts.messages.store.adopt(accountId, restored);
        }
      } catch {
        // The models are back; the messages are fetched again when a view asks.
      }
    },
    cacheStatus(accountId, store) {
      return {
        on: keeper.enabled(accountId),
        showingSavedAt: store.cachedAt ?? null,
        note: keeper.note(accountId) ?? null,
      };
    },
    keepsSnapshots: (accountId) => keeper.enabled(accountId),
    keyRefused: (accountId) => keeper.forget(accountId),
    savedCopiesLetGo: () => keeper.whenWritten(collectGarbageSoon),
  };
}
