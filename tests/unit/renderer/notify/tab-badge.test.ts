/**
 * The tab's title and favicon follow `desktop_icon_count_display` as the tray does: the
 * badge below is the one the Core's tray code computes (trayBadge), shown by the page.
 */
import { describe, expect, it } from 'vitest';
import { trayBadge } from '../../../../src/core/notify/badge.ts';
import type { UnreadCounts } from '../../../../src/core/model/unreads.ts';
import {
  BADGE_PACE_MS,
  faviconMark,
  BADGE_SETTLE_MS,
  PacedBadge,
  tabTitle,
} from '../../../../src/renderer/notify/tab-badge.ts';

/** 6 channel unread, 1 DM, 1 channel mention, 2 more in followed topics. */
const counts: UnreadCounts = {
  dms: 1,
  channelUnread: 6,
  mentions: 1,
  followed: 2,
  mentionsOrDms: 2,
  mentionsDmsOrFollowed: 4,
};
const calm: UnreadCounts = { ...counts, dms: 0, mentions: 0, mentionsOrDms: 0 };
const none: UnreadCounts = { ...calm, channelUnread: 0, followed: 0, mentionsDmsOrFollowed: 0 };

const shown = (c: UnreadCounts, mode: number) => {
  const badge = trayBadge([{ counts: c, mode }]);
  return { title: tabTitle(badge), mark: faviconMark(badge) };
};

describe('tab title and favicon badge', () => {
  it('counts all unread in mode 1', () => {
    expect(shown(counts, 1)).toEqual({ title: '(7) Perch', mark: { text: '7', attention: true } });
  });

  it('counts DMs, mentions and followed topics in mode 2', () => {
    expect(shown(counts, 2)).toEqual({ title: '(4) Perch', mark: { text: '4', attention: true } });
  });

  it('counts DMs and mentions in mode 3', () => {
    expect(shown(counts, 3)).toEqual({ title: '(2) Perch', mark: { text: '2', attention: true } });
  });

  it('shows nothing in mode 4 (none), however much is unread', () => {
    expect(shown(counts, 4)).toEqual({ title: 'Perch', mark: undefined });
  });

  it('shows nothing when nothing is unread', () => {
    expect(shown(none, 1)).toEqual({ title: 'Perch', mark: undefined });
  });

  it('marks plain unread without the attention colour of a DM or mention', () => {
    expect(shown(calm, 1).mark).toEqual({ text: '6', attention: false });
  });

  it('adds the accounts, each with its own setting', () => {
    const badge = trayBadge([
      { counts, mode: 3 },
      { counts: calm, mode: 1 },
      { counts, mode: 4 },
    ]);
    expect(tabTitle(badge)).toBe('(8) Perch');
  });

  it('keeps the favicon readable past 99 while the title keeps the exact count', () => {
    const badge = { count: 140, icon: 'unread' as const };
    expect(tabTitle(badge)).toBe('(140) Perch');
    expect(faviconMark(badge)).toEqual({ text: '99+', attention: false });
  });

  it('still marks the favicon with a dot for a mention the setting does not count', () => {
    expect(faviconMark({ count: 0, icon: 'attention' })).toEqual({ text: '', attention: true });
  });
});

describe('the tab badge paced to a change a second', () => {
  const badgeOf = (n: number) => trayBadge([{ counts: { ...calm, channelUnread: n }, mode: 1 }]);

  it('shows the newest of a moment’s changes once, and only the newest of a burst a second later', () => {
    const titles: string[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const paced = new PacedBadge(
      (b) => titles.push(tabTitle(b)),
      (run, ms) => timers.push({ run, ms }),
    );
    // One message, each account's count in a turn of its own: one change of the tab.
    paced.badge(badgeOf(1));
    paced.badge(badgeOf(2));
    expect(titles).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([BADGE_SETTLE_MS]);
    timers.shift()!.run();
    expect(titles).toEqual(['(2) Perch']);

    for (let n = 3; n <= 6; n++) paced.badge(badgeOf(n));
    expect(titles).toEqual(['(2) Perch']);
    expect(timers.map((t) => t.ms)).toEqual([BADGE_PACE_MS]);
    timers.shift()!.run();
    expect(titles).toEqual(['(2) Perch', '(6) Perch']);
    // The second after that change is quiet: nothing left to show, and the next change
    // waits only for the others of its moment.
    timers.shift()!.run();
    paced.badge(badgeOf(0));
    expect(timers.map((t) => t.ms)).toEqual([BADGE_SETTLE_MS]);
    timers.shift()!.run();
    expect(titles).toEqual(['(2) Perch', '(6) Perch', 'Perch']);
  });

  it('leaves the tab alone when the count it would show is the one shown', () => {
    const titles: string[] = [];
    const timers: (() => void)[] = [];
    const paced = new PacedBadge(
      (b) => titles.push(tabTitle(b)),
      (run) => timers.push(run),
    );
    paced.badge(badgeOf(3));
    paced.badge(badgeOf(4));
    paced.badge(badgeOf(3));
    timers.shift()!();
    expect(titles).toEqual(['(3) Perch']);
  });
});
