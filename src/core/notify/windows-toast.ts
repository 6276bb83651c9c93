/**
 * A notification's actions on Windows, as the toast XML Electron's Notification takes
 * (`toastXml`): the same buttons as elsewhere (docs/notifications.md "Actions") and a reply
 * field. Each button and the click carry a `perch:` link naming the action and the
 * notification; Windows hands such a link to the app registered for the scheme, which is the
 * running Perch (its second instance passes it on). Kept here, not in electron/, so what a
 * toast says is tested without Windows or an Electron binary.
 *
 * The XML follows the toast schema of the Windows App SDK documentation (toast, visual,
 * binding template "ToastGeneric", actions with at most five inputs and five actions).
 */
import { nativeActions } from './native-actions.ts';
import type { NotificationActionKind } from './dbus-notifier.ts';
import type { ShownNotification } from './notifier.ts';

export const TOAST_SCHEME = 'perch';
const HOST = 'notification';
/** The reply field's id; the Send button names it so Windows sends its text along. */
export const TOAST_REPLY_INPUT = 'reply';

/** Text or an attribute value as XML reads it back unchanged. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** The link one action of one notification activates. */
export function toastLink(kind: NotificationActionKind, notificationId: string): string {
  return `${TOAST_SCHEME}://${HOST}/${kind}?id=${encodeURIComponent(notificationId)}`;
}

export function toastXml(notification: ShownNotification): string {
  const { buttons, reply } = nativeActions(notification);
  const action = (content: string, kind: NotificationActionKind, extra = '') =>
    `<action content="${escapeXml(content)}" arguments="${escapeXml(toastLink(kind, notification.id))}"` +
    ` activationType="protocol"${extra}/>`;
  const inputs = reply
    ? `<input id="${TOAST_REPLY_INPUT}" type="text" placeHolderContent="Reply"/>` +
      // The text of an input comes only with a foreground activation, not through a link.
      `<action content="Send" arguments="${escapeXml(toastLink('reply', notification.id))}"` +
      ` activationType="foreground" hint-inputId="${TOAST_REPLY_INPUT}"/>`
    : '';
  const actions = inputs + buttons.map((b) => action(b.label, b.kind)).join('');
  return (
    `<toast launch="${escapeXml(toastLink('open', notification.id))}" activationType="protocol">` +
    `<visual><binding template="ToastGeneric">` +
    `<text>${escapeXml(notification.title)}</text><text>${escapeXml(notification.body)}</text>` +
    `</binding></visual>` +
    (actions ? `<actions>${actions}</actions>` : '') +
    `</toast>`
  );
}

/** The action and notification a `perch:` link names, or undefined for any other text. */
export function toastActivation(
  link: string,
): { kind: NotificationActionKind; notificationId: string } | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${TOAST_SCHEME}:` || url.hostname !== HOST) return undefined;
  const kind = url.pathname.slice(1);
  const notificationId = url.searchParams.get('id');
  if (!notificationId) return undefined;
  if (kind !== 'open' && kind !== 'read' && kind !== 'mute' && kind !== 'reply') return undefined;
  return { kind, notificationId };
}
