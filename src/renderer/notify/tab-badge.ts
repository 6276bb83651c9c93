/**
 * Browser mode's tray: the Core's unread badge (already counted with each account's
 * `desktop_icon_count_display`, as the tray's is) shown in the tab's title and on its
 * favicon. Pure, so the numbers a user sees are tested without a browser.
 */
import type { TrayBadgeWire as TrayBadge } from '../../contract/contract.ts';

export const APP_TITLE = 'Perch';

/** "(3) Perch", or just "Perch" when the user's settings count nothing. */
export function tabTitle(badge: TrayBadge): string {
  return badge.count > 0 ? `(${badge.count}) ${APP_TITLE}` : APP_TITLE;
}

export interface FaviconMark {
  /** The count, capped to stay readable at 16 pixels; empty for a plain dot. */
  text: string;
  /** A mention or DM asks for attention in the tray's colour for it; other unread is calmer. */
  attention: boolean;
}

/** Past this the favicon says "99+": three digits do not fit a 16-pixel icon. */
const MAX_SHOWN = 99;

/**
 * What to draw on the favicon, or nothing. A mention with no count (an account counting
 * only what the mention is not part of) still gets a dot, as the tray's icon changes.
 */
export function faviconMark(badge: TrayBadge): FaviconMark | undefined {
  if (badge.count === 0 && badge.icon === 'none') return undefined;
  const text = badge.count > MAX_SHOWN ? `${MAX_SHOWN}+` : badge.count > 0 ? `${badge.count}` : '';
  return { text, attention: badge.icon === 'attention' };
}
