/**
 * Every keyboard shortcut of the window, in one table: each view binds keys from it and the
 * `?` overlay lists the ones of the view on screen, so what is shown and what works cannot
 * drift apart. Keys are the service's web app's, which its users already know. A shortcut
 * for a feature Perch does not have yet is not listed at all rather than listed and dead.
 *
 * Scopes: `global` keys work on every page (the App binds them), `messages` ones in the
 * Messages view, `list` ones in the Inbox and Recent conversations lists.
 */
export type MessagesShortcutId =
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
  | 'viewImages'
  | 'narrowConversation'
  | 'search'
  | 'back';
export type GlobalShortcutId = 'inbox' | 'recent' | 'help';
export type ListShortcutId =
  'listNext' | 'listPrevious' | 'listFirst' | 'listLast' | 'listOpen' | 'listActions';
export type ShortcutId = MessagesShortcutId | GlobalShortcutId | ListShortcutId;

export type ShortcutScope = 'global' | 'messages' | 'list';
export type ShortcutGroup = 'Navigation' | 'Composing' | 'Messages' | 'Views';

export interface Shortcut {
  id: ShortcutId;
  scope: ShortcutScope;
  /** `KeyboardEvent.key` values; the first is the one shown first. */
  keys: readonly string[];
  label: string;
  group: ShortcutGroup;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    scope: 'messages',
    id: 'next',
    keys: ['j', 'ArrowDown'],
    label: 'Next message',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'previous',
    keys: ['k', 'ArrowUp'],
    label: 'Previous message',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'first',
    keys: ['Home'],
    label: 'First loaded message',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'last',
    keys: ['End'],
    label: 'Last loaded message',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'nextUnreadTopic',
    keys: ['n'],
    label: 'Next unread topic',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'nextUnreadDm',
    keys: ['p'],
    label: 'Next unread direct message conversation',
    group: 'Navigation',
  },
  {
    scope: 'messages',
    id: 'reply',
    keys: ['r', 'Enter'],
    label: 'Reply to the selected message',
    group: 'Composing',
  },
  {
    scope: 'messages',
    id: 'composeChannel',
    keys: ['c'],
    label: 'New topic in the selected message’s channel',
    group: 'Composing',
  },
  {
    scope: 'messages',
    id: 'newDm',
    keys: ['x'],
    label: 'New direct message',
    group: 'Composing',
  },
  {
    scope: 'messages',
    id: 'react',
    keys: [':', '='],
    label: 'Add a reaction to the selected message',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'menu',
    keys: ['i'],
    label: 'Actions on the selected message',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'edit',
    keys: ['e'],
    label: 'Edit the selected message',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'star',
    keys: ['*'],
    label: 'Star or unstar the selected message',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'quote',
    keys: ['>'],
    label: 'Quote and reply to the selected message',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'viewImages',
    keys: ['v'],
    label: 'View the selected message’s images',
    group: 'Messages',
  },
  {
    scope: 'messages',
    id: 'narrowConversation',
    keys: ['s'],
    label: 'Narrow to the selected message’s topic, again for its channel',
    group: 'Views',
  },
  { scope: 'messages', id: 'search', keys: ['/'], label: 'Search or narrow', group: 'Views' },
  {
    scope: 'messages',
    id: 'back',
    keys: ['Escape'],
    label: 'Back to the home view (your Inbox, Recent or all messages setting)',
    group: 'Views',
  },
  { scope: 'global', id: 'inbox', keys: ['I'], label: 'Go to Inbox', group: 'Views' },
  {
    scope: 'global',
    id: 'recent',
    keys: ['t'],
    label: 'Go to Recent conversations',
    group: 'Views',
  },
  { scope: 'global', id: 'help', keys: ['?'], label: 'Show or hide this list', group: 'Views' },
  {
    scope: 'list',
    id: 'listNext',
    keys: ['j', 'ArrowDown'],
    label: 'Next conversation',
    group: 'Navigation',
  },
  {
    scope: 'list',
    id: 'listPrevious',
    keys: ['k', 'ArrowUp'],
    label: 'Previous conversation',
    group: 'Navigation',
  },
  {
    scope: 'list',
    id: 'listFirst',
    keys: ['Home'],
    label: 'First conversation',
    group: 'Navigation',
  },
  { scope: 'list', id: 'listLast', keys: ['End'], label: 'Last conversation', group: 'Navigation' },
  {
    scope: 'list',
    id: 'listOpen',
    keys: ['Enter'],
    label: 'Open the focused conversation',
    group: 'Navigation',
  },
  {
    scope: 'list',
    id: 'listActions',
    keys: ['Tab'],
    label: 'The focused conversation’s actions (mark read, mute, follow)',
    group: 'Navigation',
  },
];

export const GROUPS: readonly ShortcutGroup[] = ['Navigation', 'Composing', 'Messages', 'Views'];

/** The shortcuts that work where the scopes given are bound, in the table's order. */
export function shortcutsIn(scopes: readonly ShortcutScope[]): Shortcut[] {
  return SHORTCUTS.filter((s) => scopes.includes(s.scope));
}

/**
 * The shortcut of one scope a key press stands for; modified presses belong to the browser
 * and the OS.
 */
export function shortcutFor(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  scope: ShortcutScope,
): Shortcut | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  return SHORTCUTS.find((s) => s.scope === scope && s.keys.includes(e.key));
}

/**
 * A key press that belongs to what has focus, not to a shortcut: typing in a field, a
 * dialog's own keys, Enter on a button or link (that control's own), and any key a control
 * already acted on (docs/focus.md).
 */
export function ownedByFocus(e: KeyboardEvent): boolean {
  // Already handled where it was pressed (a list closing on Escape): not a shortcut too.
  if (e.defaultPrevented) return true;
  const el = e.target instanceof Element ? e.target : null;
  if (el === null) return false;
  if (el.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  return e.key === 'Enter' && el.closest('button, a, summary') !== null;
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
