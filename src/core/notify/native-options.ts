/**
 * The options of Electron's Notification for one notification: on macOS its buttons and reply
 * field as `actions` and `hasReply`; on Windows the toast XML (windows-toast.ts), which
 * carries the same buttons and a reply field. Pure, so each platform's options are tested
 * here without the platform or an Electron binary.
 */
import { nativeActions } from './native-actions.ts';
import type { ShownNotification } from './notifier.ts';
import { toastXml } from './windows-toast.ts';

/** The options of Electron's Notification for one notification on one platform. */
export interface NativeNotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  actions?: { type: 'button'; text: string }[];
  hasReply?: boolean;
  replyPlaceholder?: string;
  /** Windows: the whole toast, buttons and reply field included (windows-toast.ts). */
  toastXml?: string;
}

export function nativeNotificationOptions(
  notification: ShownNotification,
  platform: NodeJS.Platform,
  silent: boolean,
): NativeNotificationOptions {
  const base = { title: notification.title, body: notification.body, silent };
  if (platform === 'win32') return { ...base, toastXml: toastXml(notification) };
  const { buttons, reply } = nativeActions(notification);
  return {
    ...base,
    actions: buttons.map((b) => ({ type: 'button', text: b.label })),
    hasReply: reply,
    replyPlaceholder: 'Reply',
  };
}
