/**
 * What the tray menu says, as data: each account's connection, Do Not Disturb, a new video
 * call, open and quit. Pure, so the wording and the choices are tested under plain Node;
 * tray.ts turns it into an Electron menu.
 */
import { connectionLabel } from '../src/contract/connection-label.ts';
import type { QueueState } from '../src/core/sync/event-queue.ts';

export type DndChoice = 'off' | 'hour' | 'tomorrow' | 'indefinite';

export type TrayAction =
  | { kind: 'open' }
  | { kind: 'quit' }
  | { kind: 'videoCall'; accountId: string }
  | { kind: 'dnd'; choice: DndChoice };

export type TrayMenuItem =
  | { type: 'separator' }
  | { type: 'label'; label: string }
  | { type: 'action'; label: string; action: TrayAction; enabled: boolean }
  | { type: 'submenu'; label: string; items: TrayMenuItem[] }
  | { type: 'radio'; label: string; action: TrayAction; checked: boolean };

export interface TrayMenuInput {
  accounts: {
    id: string;
    realmName: string;
    email: string;
    attention?: { message: string } | undefined;
    health?: { state: QueueState; retryAt?: number | undefined } | undefined;
  }[];
  dnd: { active: boolean; until: number | null };
  now: number;
  /** Formats a time for "Until 08:00"; injected so tests do not depend on the locale. */
  formatTime: (ms: number) => string;
}

function accountLine(a: TrayMenuInput['accounts'][number], now: number): string {
  const state = a.attention
    ? `Needs attention: ${a.attention.message}`
    : a.health
      ? connectionLabel(a.health, now)
      : 'Connecting…';
  return `${a.realmName} (${a.email}): ${state}`;
}

export function trayMenuModel(input: TrayMenuInput): TrayMenuItem[] {
  const { accounts, dnd, now } = input;
  const items: TrayMenuItem[] = [];
  if (accounts.length === 0) items.push({ type: 'label', label: 'No accounts signed in' });
  for (const a of accounts) items.push({ type: 'label', label: accountLine(a, now) });
  items.push({ type: 'separator' });

  const dndLabel = !dnd.active
    ? 'Do Not Disturb'
    : dnd.until === null
      ? 'Do Not Disturb: on'
      : `Do Not Disturb: until ${input.formatTime(dnd.until)}`;
  const choice = (label: string, c: DndChoice, checked: boolean): TrayMenuItem => ({
    type: 'radio',
    label,
    action: { kind: 'dnd', choice: c },
    checked,
  });
  items.push({
    type: 'submenu',
    label: dndLabel,
    items: [
      choice('Off', 'off', !dnd.active),
      choice('For 1 hour', 'hour', false),
      choice('Until tomorrow', 'tomorrow', false),
      choice('Until turned off', 'indefinite', dnd.active && dnd.until === null),
    ],
  });

  // A call is made on the first account that can make one right now.
  const caller = accounts.find((a) => !a.attention);
  items.push({
    type: 'action',
    label: caller ? `New video call (${caller.realmName})` : 'New video call',
    action: { kind: 'videoCall', accountId: caller?.id ?? '' },
    enabled: caller !== undefined,
  });
  items.push({ type: 'separator' });
  items.push({ type: 'action', label: 'Open Perch', action: { kind: 'open' }, enabled: true });
  items.push({ type: 'action', label: 'Quit Perch', action: { kind: 'quit' }, enabled: true });
  return items;
}
