/**
 * The Core's side of message browsing that events keep current: the kept messages (the
 * bounded store every view reads), each account's sidebar sources and the sidebar pushed to
 * the windows that show it, and the pushes that tell a window its messages changed. Built
 * once per Core; each account's store calls it in its written event order
 * (docs/architecture.md, the per-account store).
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import { NetworkError } from '../../api/errors.ts';
import type { EditRules } from '../../lib/message-permissions.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { PushBus } from '../push-bus.ts';
import type { AccountStores } from '../store/account-stores.ts';
import { touchesEditRules } from '../model/edit-rules.ts';
import { messageEvents } from './live.ts';
import { buildSidebar, SidebarRows } from './sidebar.ts';
import { SidebarKeeper } from './sidebar-keeper.ts';
import { SidebarPush } from './sidebar-push.ts';
import { channelNamer, coreStoreAccess } from './store/core-access.ts';
import { MessageStore } from './store/message-store.ts';
import { SAME_FORMAT_AS_EVENTS, type StoreAccess } from './store/served-fetch.ts';

export interface MessagesKeeperDeps {
  bus: PushBus;
  accounts: Pick<AccountManager, 'clientFor'>;
  sync: AccountStores;
  /** False: every history window is fetched from the server (only a bench turns it off). */
  keepMessages: boolean;
  /** When a stale sidebar is built again. */
  clock?: Clock;
}

export class MessagesKeeper {
  readonly store = new MessageStore();
  readonly access: StoreAccess & { enabled: () => boolean };
  readonly sidebars = new SidebarKeeper();
  readonly sidebarPush: SidebarPush;
  readonly #deps: MessagesKeeperDeps;
  /** The edit rules each account's last sidebar carried to the renderer. */
  readonly #rulesSent = new Map<string, EditRules | undefined>();
  /** Each account's rows of its last sidebar, taken again where unchanged. */
  readonly #rows = new Map<string, SidebarRows>();

  constructor(deps: MessagesKeeperDeps) {
    this.#deps = deps;
    const { sync, accounts } = deps;
    this.access = { ...coreStoreAccess(this.store, sync), enabled: () => deps.keepMessages };
    this.sidebarPush = new SidebarPush(
      deps.bus,
      async (accountId) => {
        const { account, client } = await accounts.clientFor(accountId);
        const summary = sync.unreadSummary(accountId);
        let stale: string | undefined;
        const sources = await this.sidebars.sources(accountId, client).catch((err: unknown) => {
          // Out of reach: the channels the account registered with, said to be stale.
          const kept =
            err instanceof NetworkError && SidebarKeeper.fromState(sync.state(accountId));
          if (!kept) throw err;
          stale = err.message;
          return kept;
        });
        this.#rulesSent.set(accountId, summary?.editRules);
        let rows = this.#rows.get(accountId);
        if (!rows) this.#rows.set(accountId, (rows = new SidebarRows()));
        return {
          ...buildSidebar(sources, account.userId, summary, rows),
          ...(stale ? { stale } : {}),
        };
      },
      deps.clock,
    );
  }

  /** A new queue or a stop: what events kept current may be stale, so it is let go. */
  drop(accountId: string): void {
    this.store.drop(accountId);
    this.sidebars.drop(accountId);
    this.#rows.delete(accountId);
  }

  /**
   * Applies a batch to the kept messages, then tells the windows: the store first, since a
   * view told of these events may ask for a window at once.
   */
  apply(accountId: string, events: readonly ServerEvent[]): void {
    const { sync, bus } = this.#deps;
    const loose = events.map((e) => (e.type === 'unknown' ? e.payload : e)) as ({
      type: string;
    } & Record<string, unknown>)[];
    this.store.apply(accountId, loose, { channelName: channelNamer(sync, accountId) });
    // No window shows this account's messages: the push is not even built.
    const relevant = bus.wanted('messages.events', accountId)
      ? messageEvents(events as ServerEvent[])
      : [];
    if (relevant.length > 0) {
      const level = sync.state(accountId)?.featureLevel ?? 0;
      bus.publish('messages.events', {
        accountId,
        events: relevant,
        asFetched: level >= SAME_FORMAT_AS_EVENTS,
      });
    }
    if (!loose.some(touchesEditRules)) return;
    // The message menus read the rules from the sidebar: the renderer reloads a stale one.
    const rules = sync.unreadSummary(accountId)?.editRules;
    if (this.#rulesSent.has(accountId) && this.#rulesSent.get(accountId) !== rules)
      bus.publish('messages.rulesChanged', { accountId });
  }

  /** A lost queue registered again: the open narrow and sidebar fetch what they show anew. */
  restored(accountId: string): void {
    this.#deps.bus.publish('messages.stale', { accountId });
  }

  unreadsChanged(accountId: string): void {
    this.#deps.bus.publish('messages.unreadChanged', { accountId });
  }
}
