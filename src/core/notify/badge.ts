/**
 * The unread badge of docs/notifications.md ("Unread badge", "Tray icon"): each account counted
 * with its own `desktop_icon_count_display`, summed for the tray, and the tray icon's state.
 */
import type { UnreadCounts } from '../model/unreads.ts';

export type TrayIconState = 'none' | 'unread' | 'attention';

export interface AccountBadgeInput {
  counts: Readonly<UnreadCounts>;
  /**
   * The account's `desktop_icon_count_display` as the server sent it: 1 all unread;
   * 2 DMs, mentions and followed topics; 3 DMs and mentions; 4 none.
   */
  mode: number;
}

export interface TrayBadge {
  count: number;
  icon: TrayIconState;
}

export function accountBadgeCount(counts: Readonly<UnreadCounts>, mode: number): number {
  switch (mode) {
    case 1:
      return counts.channelUnread + counts.dms;
    case 2:
      return counts.mentionsDmsOrFollowed;
    case 3:
      return counts.mentionsOrDms;
    default:
      // 4 is "none"; a value this version does not know shows nothing rather than a guess.
      return 0;
  }
}

/**
 * An account asks for attention when it has an unread DM or mention, and shows as unread
 * when its own setting counts anything; an account set to "none" never changes the icon.
 */
function accountIcon(input: AccountBadgeInput, count: number): TrayIconState {
  if (!COUNTING_MODES.has(input.mode)) return 'none';
  if (input.counts.mentionsOrDms > 0) return 'attention';
  return count > 0 ? 'unread' : 'none';
}

const COUNTING_MODES = new Set([1, 2, 3]);

const ICON_RANK: Record<TrayIconState, number> = { none: 0, unread: 1, attention: 2 };

export function trayBadge(accounts: readonly AccountBadgeInput[]): TrayBadge {
  let count = 0;
  let icon: TrayIconState = 'none';
  for (const account of accounts) {
    const own = accountBadgeCount(account.counts, account.mode);
    count += own;
    const state = accountIcon(account, own);
    if (ICON_RANK[state] > ICON_RANK[icon]) icon = state;
  }
  return { count, icon };
}
