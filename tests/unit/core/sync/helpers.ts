import { accountBadgeCount } from '../../../../src/core/notify/badge.ts';
import type { AccountState } from '../../../../src/core/model/account-state.ts';

/** The four unread sets of docs/notifications.md "Unread sets", as sorted id lists. */
export function unreadSets(state: AccountState) {
  return {
    dms: state.unreadIds('dms'),
    channelUnread: state.unreadIds('channelUnread'),
    mentions: state.unreadIds('mentions'),
    followed: state.unreadIds('followed'),
  };
}

/** The badge of every desktop_icon_count_display mode: [1 all, 2 +followed, 3 DMs+mentions, 4 none]. */
export function badges(state: AccountState): number[] {
  const counts = state.unreadCounts();
  return [1, 2, 3, 4].map((mode) => accountBadgeCount(counts, mode));
}
