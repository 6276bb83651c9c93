import { join } from 'node:path';

/**
 * The tray's three looks (docs/notifications.md "Tray icon"): nothing unread, unread, and a
 * mention or DM.
 */
export type TrayState = 'none' | 'unread' | 'mention';

export const TRAY_STATES: readonly TrayState[] = ['none', 'unread', 'mention'];

/**
 * The icon file for a state, relative to resources/. macOS gets template images (the menu
 * bar tints them, and only a file name ending in "Template" marks one); Linux panels are
 * 22 px high; Windows uses 16 px. Electron picks the @2x file beside each on dense screens.
 */
export function trayIconFile(state: TrayState, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return join('tray', 'mac', `tray-${state}Template.png`);
  if (platform === 'win32') return join('tray', 'win', `tray-${state}.png`);
  return join('tray', 'linux', `tray-${state}.png`);
}

/** The tray's hover text, which is also how screen readers announce it. */
export function trayTooltip(state: TrayState, count: number): string {
  if (state === 'none') return 'Perch: nothing unread';
  // A count of 0 with unread state means the user's badge setting hides the number.
  const unread = count > 0 ? `${count} unread` : 'unread messages';
  return state === 'mention'
    ? `Perch: ${unread}, including mentions or direct messages`
    : `Perch: ${unread}`;
}
