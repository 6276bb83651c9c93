/**
 * Every keyboard shortcut of the Messages view, in one table: the view binds keys from it
 * and the `?` overlay lists it, so what is shown and what works cannot drift apart. Keys are
 * the service's web app's, which its users already know. A shortcut for a feature Perch does
 * not have yet is not listed at all rather than listed and dead.
 */
export type ShortcutId =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'nextUnreadTopic'
  | 'nextUnreadDm'
  | 'reply'
  | 'composeChannel'
  | 'newDm'
  | 'react'
  | 'menu'
  | 'edit'
  | 'star'
  | 'quote'
  | 'narrowConversation'
  | 'search'
  | 'back'
  | 'inbox'
  | 'recent'
  | 'help';

export type ShortcutGroup = 'Navigation' | 'Composing' | 'Messages' | 'Views';

export interface Shortcut {
  id: ShortcutId;
  /** `KeyboardEvent.key` values; the first is the one shown first. */
  keys: readonly string[];
  label: string;
  group: ShortcutGroup;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'next', keys: ['j', 'ArrowDown'], label: 'Next message', group: 'Navigation' },
  { id: 'previous', keys: ['k', 'ArrowUp'], label: 'Previous message', group: 'Navigation' },
  { id: 'first', keys: ['Home'], label: 'First loaded message', group: 'Navigation' },
  { id: 'last', keys: ['End'], label: 'Last loaded message', group: 'Navigation' },
  { id: 'nextUnreadTopic', keys: ['n'], label: 'Next unread topic', group: 'Navigation' },
  {
    id: 'nextUnreadDm',
    keys: ['p'],
    label: 'Next unread direct message conversation',
    group: 'Navigation',
  },
  { id: 'reply', keys: ['r', 'Enter'], label: 'Reply to the selected message', group: 'Composing' },
  {
    id: 'composeChannel',
    keys: ['c'],
    label: 'New topic in the selected message’s channel',
    group: 'Composing',
  },
  {
    id: 'newDm',
    keys: ['x'],
    label: 'New direct message',
    group: 'Composing',
  },
  {
    id: 'react',
    keys: [':', '='],
    label: 'Add a reaction to the selected message',
    group: 'Messages',
  },
  { id: 'menu', keys: ['i'], label: 'Actions on the selected message', group: 'Messages' },
  { id: 'edit', keys: ['e'], label: 'Edit the selected message', group: 'Messages' },
  { id: 'star', keys: ['*'], label: 'Star or unstar the selected message', group: 'Messages' },
  { id: 'quote', keys: ['>'], label: 'Quote and reply to the selected message', group: 'Messages' },
  {
    id: 'narrowConversation',
    keys: ['s'],
    label: 'Narrow to the selected message’s topic, again for its channel',
    group: 'Views',
  },
  { id: 'search', keys: ['/'], label: 'Search or narrow', group: 'Views' },
  { id: 'back', keys: ['Escape'], label: 'Back to all messages', group: 'Views' },
  { id: 'inbox', keys: ['I'], label: 'Go to Inbox', group: 'Views' },
  { id: 'recent', keys: ['t'], label: 'Go to Recent conversations', group: 'Views' },
  { id: 'help', keys: ['?'], label: 'Show or hide this list', group: 'Views' },
];

export const GROUPS: readonly ShortcutGroup[] = ['Navigation', 'Composing', 'Messages', 'Views'];

/** The shortcut a key press stands for; modified presses belong to the browser and the OS. */
export function shortcutFor(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): Shortcut | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  return SHORTCUTS.find((s) => s.keys.includes(e.key));
}

const NAMES: Readonly<Record<string, string>> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  Escape: 'Esc',
  // `i` is the message menu; the capital is a different shortcut and says so.
  I: 'Shift+I',
};

/** A key as printed on the keyboard. */
export function keyName(key: string): string {
  return NAMES[key] ?? key;
}
