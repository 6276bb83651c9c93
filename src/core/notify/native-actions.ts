/**
 * The actions a notification offers where the host's own notifications show it (Electron's,
 * on macOS and Windows): the same as over D-Bus (docs/notifications.md "Actions"), as the
 * buttons and reply field Electron's Notification takes (native-options.ts puts them in the
 * options of each platform). Kept here, not in electron/, so what is offered is tested
 * without an Electron binary.
 */
import { MUTE_DM_LABEL, placeOf, type NotificationActionKind } from './dbus-notifier.ts';
import type { ShownNotification } from './notifier.ts';

export interface NativeActions {
  /** The buttons, in order: Electron reports a press by its index. */
  buttons: { kind: NotificationActionKind; label: string }[];
  /** Offer the reply field. */
  reply: boolean;
}

export function nativeActions(notification: ShownNotification): NativeActions {
  const place = placeOf(notification);
  if (place.kind === 'none') return { buttons: [], reply: false };
  const buttons: NativeActions['buttons'] = [{ kind: 'read', label: 'Mark as read' }];
  buttons.push({ kind: 'mute', label: place.kind === 'topic' ? 'Mute topic' : MUTE_DM_LABEL });
  return { buttons, reply: true };
}
