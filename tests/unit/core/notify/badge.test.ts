import { describe, expect, it } from 'vitest';
import { accountBadgeCount, trayBadge } from '../../../../src/core/notify/badge.ts';
import type { UnreadCounts } from '../../../../src/core/model/unreads.ts';

/** 3 channel unread, 2 DMs (one also a mention), 2 channel mentions, 1 followed that is also a mention, 1 followed plain. */
const busy: UnreadCounts = {
  dms: 2,
  channelUnread: 3,
  mentions: 3,
  followed: 2,
  mentionsOrDms: 4,
  mentionsDmsOrFollowed: 5,
};
const quiet: UnreadCounts = {
  dms: 0,
  channelUnread: 4,
  mentions: 0,
  followed: 0,
  mentionsOrDms: 0,
  mentionsDmsOrFollowed: 0,
};
const empty: UnreadCounts = {
  dms: 0,
  channelUnread: 0,
  mentions: 0,
  followed: 0,
  mentionsOrDms: 0,
  mentionsDmsOrFollowed: 0,
};

describe('desktop_icon_count_display', () => {
  it.each([
    [1, 'all unread: |channelUnread| + |dms|', 5],
    [2, 'DMs, mentions and followed topics', 5],
    [3, 'DMs and mentions', 4],
    [4, 'none', 0],
  ])('mode %i (%s)', (mode, _name, expected) => {
    expect(accountBadgeCount(busy, mode)).toBe(expected);
  });

  it('an unknown mode counts nothing', () => {
    expect(accountBadgeCount(busy, 7)).toBe(0);
  });
});

describe('tray', () => {
  it('sums accounts, each with its own setting', () => {
    expect(
      trayBadge([
        { counts: busy, mode: 1 },
        { counts: busy, mode: 3 },
        { counts: quiet, mode: 1 },
      ]),
    ).toEqual({
      count: 13,
      icon: 'attention',
    });
  });

  it('the icon has three states: nothing, unread, and unread with a mention or DM', () => {
    expect(trayBadge([])).toEqual({ count: 0, icon: 'none' });
    expect(trayBadge([{ counts: empty, mode: 1 }])).toEqual({ count: 0, icon: 'none' });
    expect(trayBadge([{ counts: quiet, mode: 1 }])).toEqual({ count: 4, icon: 'unread' });
    expect(
      trayBadge([
        { counts: quiet, mode: 1 },
        { counts: busy, mode: 2 },
      ]),
    ).toEqual({ count: 9, icon: 'attention' });
  });

  it('an account set to "none" never lights the icon; "DMs and mentions" ignores plain channel unreads', () => {
    expect(trayBadge([{ counts: busy, mode: 4 }])).toEqual({ count: 0, icon: 'none' });
    expect(trayBadge([{ counts: quiet, mode: 3 }])).toEqual({ count: 0, icon: 'none' });
  });
});
