import { describe, expect, it } from 'vitest';
import type { Sidebar } from '../../../../src/contract/schemas/messages.ts';
import { nextUnreadDm, nextUnreadTopic } from '../../../../src/renderer/keyboard/next-unread.ts';
import {
  GROUPS,
  SHORTCUTS,
  shortcutFor,
  shortcutsIn,
  type ShortcutScope,
} from '../../../../src/renderer/keyboard/shortcuts.ts';

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
  scope: ShortcutScope = 'messages',
) => shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods }, scope);

describe('the shortcut table', () => {
  it('gives every key one meaning on each page and every shortcut a listed group', () => {
    // What is bound together: a view's own keys and the global ones.
    for (const view of ['messages', 'list'] as const) {
      const keys = shortcutsIn([view, 'global']).flatMap((s) => s.keys);
      expect(new Set(keys).size).toBe(keys.length);
    }
    for (const s of SHORTCUTS) {
      expect(GROUPS).toContain(s.group);
      expect(s.keys.length).toBeGreaterThan(0);
    }
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });

  it('finds the shortcut of a plain key and leaves modified keys to the system', () => {
    expect(press('j')?.id).toBe('next');
    expect(press('ArrowUp')?.id).toBe('previous');
    expect(press('?', {}, 'global')?.id).toBe('help');
    expect(press('I', {}, 'global')?.id).toBe('inbox');
    expect(press('j', {}, 'list')?.id).toBe('listNext');
    // The global keys are not the Messages view's to bind twice.
    expect(press('?')).toBeUndefined();
    expect(press('j', { ctrlKey: true })).toBeUndefined();
    expect(press('r', { metaKey: true })).toBeUndefined();
    expect(press('q')).toBeUndefined();
  });
});

const sidebar: Sidebar = {
  folders: [],
  channels: [
    {
      streamId: 1,
      name: 'general',
      color: '#000',
      pinned: false,
      muted: false,
      folderId: null,
      unread: 3,
      topics: [
        { name: 'deploy', unread: 2 },
        { name: 'read', unread: 0 },
        { name: 'lunch', unread: 1 },
      ],
    },
    {
      streamId: 2,
      name: 'noise',
      color: '#000',
      pinned: false,
      muted: true,
      folderId: null,
      unread: 5,
      topics: [{ name: 'spam', unread: 5 }],
    },
  ],
  conversations: [
    { userIds: [7], names: ['Ada'], unread: 1 },
    { userIds: [8], names: ['Bo'], unread: 0 },
    { userIds: [7, 9], names: ['Ada', 'Cy'], unread: 2 },
  ],
  counts: { unread: 6, mentions: 0, followed: 0 },
} as unknown as Sidebar;

describe('next unread', () => {
  it('goes to the next unread topic in sidebar order, skipping muted channels, and wraps', () => {
    const at = (topic?: string) =>
      topic === undefined
        ? []
        : [
            { operator: 'channel', operand: 'general' },
            { operator: 'topic', operand: topic },
          ];
    expect(nextUnreadTopic(sidebar, at())?.[1]?.operand).toBe('deploy');
    expect(nextUnreadTopic(sidebar, at('deploy'))?.[1]?.operand).toBe('lunch');
    expect(nextUnreadTopic(sidebar, at('LUNCH'))?.[1]?.operand).toBe('deploy');
    expect(nextUnreadTopic({ ...sidebar, channels: [] }, at())).toBeUndefined();
  });

  it('goes to the next unread direct message conversation and wraps', () => {
    expect(nextUnreadDm(sidebar, [], 1)).toEqual([{ operator: 'dm', operand: [7] }]);
    expect(nextUnreadDm(sidebar, [{ operator: 'dm', operand: [7, 1] }], 1)).toEqual([
      { operator: 'dm', operand: [7, 9] },
    ]);
    expect(nextUnreadDm(sidebar, [{ operator: 'dm', operand: [7, 9] }], 1)).toEqual([
      { operator: 'dm', operand: [7] },
    ]);
  });
});
