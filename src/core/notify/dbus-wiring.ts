/**
 * Puts the D-Bus notifier in front of the host's own (docs/notifications.md "D-Bus"): where a
 * notification server answers on the session bus, notifications and their sound go there
 * from the Core; where none does, the host's notifier stays and the reason is given once,
 * in words, as the notification path the About page and Activity show.
 */
import { connectNotificationServer } from './dbus-notifications.ts';
import { DbusNotifier, type NotificationAction } from './dbus-notifier.ts';
import type { SoundPlayer } from './notifier.ts';

export interface DbusNotificationOptions {
  /** The session bus; DBUS_SESSION_BUS_ADDRESS without it. */
  address?: string;
  /** The file of one of the user's notification sounds, for the `sound-file` hint. */
  soundFile?: (sound: string) => string | undefined;
}

export interface DesktopNotifications {
  /** Undefined where no notification server answered. */
  notifier: DbusNotifier | undefined;
  /** Which way notifications go, as a sentence. */
  path: string;
}

export async function openDesktopNotifications(
  options: DbusNotificationOptions,
  fallback: { sound: SoundPlayer | undefined; description: string },
  onAction: (action: NotificationAction) => void,
): Promise<DesktopNotifications> {
  const connected = await connectNotificationServer(options.address);
  if ('problem' in connected) {
    return {
      notifier: undefined,
      path: `${connected.problem} Notifications ${fallback.description}.`,
    };
  }
  const { server } = connected;
  const notifier = new DbusNotifier({
    server,
    ...(fallback.sound ? { fallbackSound: fallback.sound } : {}),
    ...(options.soundFile ? { soundFile: options.soundFile } : {}),
    onAction,
  });
  const offers = [
    server.capabilities.has('actions') ? 'actions' : undefined,
    server.capabilities.has('inline-reply') ? 'inline reply' : undefined,
  ].filter(Boolean);
  return {
    notifier,
    path:
      `Notifications go to the desktop's notification server over D-Bus (${server.serverName})` +
      (offers.length > 0 ? `, with ${offers.join(' and ')}.` : ', which offers no actions.'),
  };
}
