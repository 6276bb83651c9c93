/**
 * The store as the Core uses it: narrows read with the account's synced state (its user,
 * its subscriptions, its unread sets), and kept only while the account's queue runs.
 */
import type { AccountStores } from '../../store/account-stores.ts';
import type { AccountState } from '../../model/account-state.ts';
import type { MessageStore } from './message-store.ts';
import type { CompiledNarrow, NarrowLookup } from './narrow-match.ts';
import type { StoreAccess } from './served-fetch.ts';

export function subscribedChannel(
  state: AccountState,
  operand: string | number,
): number | undefined {
  if (typeof operand === 'number' || /^\d+$/.test(operand)) {
    const id = Number(operand);
    return state.subscription(id) ? id : undefined;
  }
  const name = operand.toLowerCase();
  return state.subscriptions().find((s) => s.name.toLowerCase() === name)?.stream_id;
}

/** No unread message in a narrow of channel and topic terms, by the complete unread sets. */
function noUnreadIn(state: AccountState, narrow: CompiledNarrow): boolean {
  if (!narrow.placeOnly || !state.unreadsComplete) return false;
  for (const [, unread] of state.unreadEntries()) {
    if (unread.type !== 'stream' || unread.stream_id === undefined) continue;
    if (!narrow.channels.every((c) => c === unread.stream_id)) continue;
    if (narrow.topic === undefined || narrow.topic === unread.topic?.toLowerCase()) return false;
  }
  return true;
}

export function coreStoreAccess(store: MessageStore, sync: AccountStores): StoreAccess {
  // While the account shows its saved copy no event can change what it keeps, so what it
  // keeps answers as of the moment it was saved: the reader reads offline.
  const stateOf = (accountId: string) =>
    sync.isFollowing(accountId) || sync.isShowingSaved(accountId)
      ? sync.state(accountId)
      : undefined;
  return {
    store,
    lookup: (accountId): NarrowLookup | undefined => {
      const state = stateOf(accountId);
      if (!state) return undefined;
      return { myUserId: state.userId, subscribedChannel: (o) => subscribedChannel(state, o) };
    },
    noUnreadIn: (accountId, narrow) => {
      const state = stateOf(accountId);
      return state !== undefined && noUnreadIn(state, narrow);
    },
  };
}

/** A channel's name for messages moved there, from the account's synced state. */
export function channelNamer(sync: Pick<AccountStores, 'state'>, accountId: string) {
  return (streamId: number): string | undefined => {
    const state = sync.state(accountId);
    return state?.subscription(streamId)?.name ?? state?.stream(streamId)?.name;
  };
}
