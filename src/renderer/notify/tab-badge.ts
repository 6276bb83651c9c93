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

/** The least time between two changes of the tab's title and favicon. */
export const BADGE_PACE_MS = 1000;
/**
 * How long a first change waits for the others of the same moment: one message posted to a
 * channel that several signed-in accounts share changes each account's count in a turn of
 * its own, a few milliseconds apart, and shown at once the first of them took a change of
 * its own, the rest another a second later (bench/README.md, `background`).
 */
export const BADGE_SETTLE_MS = 250;

/**
 * Shows the badge at most once a second: a change after a quiet second waits BADGE_SETTLE_MS
 * for the others of its moment, then the newest shows; those that follow within the second
 * show, the newest of them, at its end. Each account's count is pushed apart, so one message
 * read by five accounts changed the title and drew a favicon six times; a title the eye
 * cannot follow at that pace cost the page more than the message's own row.
 */
export class PacedBadge {
  readonly #show: (badge: TrayBadge) => void;
  readonly #later: (run: () => void, ms: number) => unknown;
  #waiting = false;
  #pending: TrayBadge | undefined;
  #shown: TrayBadge | undefined;

  constructor(
    show: (badge: TrayBadge) => void,
    // Called bare: a browser's setTimeout refuses to run as another object's method.
    later: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
  ) {
    this.#show = show;
    this.#later = later;
  }

  badge(badge: TrayBadge): void {
    this.#pending = badge;
    if (!this.#waiting) this.#wait(BADGE_SETTLE_MS);
  }

  /** Shows the newest pending badge after `ms`, then holds the next one for a second. */
  #wait(ms: number): void {
    this.#waiting = true;
    this.#later(() => {
      this.#waiting = false;
      const next = this.#pending;
      this.#pending = undefined;
      if (!next) return;
      if (!sameBadge(next, this.#shown)) {
        this.#shown = next;
        this.#show(next);
      }
      this.#wait(BADGE_PACE_MS);
    }, ms);
  }
}

function sameBadge(a: TrayBadge, b: TrayBadge | undefined): boolean {
  return b !== undefined && tabTitle(a) === tabTitle(b) && sameMark(faviconMark(a), faviconMark(b));
}

function sameMark(a: FaviconMark | undefined, b: FaviconMark | undefined): boolean {
  return a === b || (a?.text === b?.text && a?.attention === b?.attention);
}
