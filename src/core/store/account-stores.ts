/**
 * What the Core-wide keepers read of every account: its store's state and views while its
 * queue is watched, and its connection. The SyncManager (sync/manager.ts) answers it; the
 * keepers depend on this alone, not on how the accounts are polled.
 */
import type { z } from 'zod';
import type { AccountSyncStatusWire } from '../../contract/schemas/sync.ts';
import type { ChannelDirectory } from '../model/channel-directory.ts';
import type { AccountInbox } from '../model/inbox-rows.ts';
import type { AccountState } from '../model/account-state.ts';
import type { UnreadSummary } from '../model/unread-summary.ts';
import type { TopicView } from './account-store.ts';

/** An account's connection as the windows see it (`sync.status`). */
export type AccountStatus = z.infer<typeof AccountSyncStatusWire>;

export interface AccountStores {
  /** An account's synced state (settings, people); undefined before its first registration. */
  state(accountId: string): AccountState | undefined;
  unreadSummary(accountId: string): UnreadSummary | undefined;
  channels(accountId: string): ChannelDirectory | undefined;
  inbox(accountId: string): AccountInbox | undefined;
  topicView(accountId: string, streamId: number, topic: string): TopicView | undefined;
  /** Whether the account's queue is registered and polling, so its events arrive. */
  isFollowing(accountId: string): boolean;
  /**
   * Whether the account shows what its cache on disk saved, its server not heard yet: what
   * it keeps holds still, as of the moment it was saved (src/core/cache/).
   */
  isShowingSaved(accountId: string): boolean;
  /** When the copy the account shows was saved, while it shows one. */
  savedAt(accountId: string): number | undefined;
  /** The account's event queue now, if registered: a send names it to get its own echo. */
  queueId(accountId: string): string | undefined;
  statuses(): AccountStatus[];
  /** One account's status, as `statuses` gives it; undefined while its queue is not watched. */
  status(accountId: string): AccountStatus | undefined;
}
