/**
 * What a desktop notification says (docs/notifications.md "Presentation D"): its title, its
 * body and the conversation it belongs to. Pure; the host's notifier (Electron's, or the page's
 * in browser mode) shows what this returns.
 */
import type { Message } from '../model/state-types.ts';
import { htmlToText, isOnlyUpload } from './html-text.ts';

export interface PresentContext {
  /** The account's own user id, to tell "you" from the other participants. */
  myUserId: number;
  pmContentInDesktopNotifications: boolean;
}

export interface PresentedMessage {
  /** One live notification per key: see conversationKey. */
  key: string;
  messageId: number;
  senderName: string;
  /** The conversation, worded to follow "N new messages": "in #general › deploy", "from Alice". */
  conversation: string;
  title: string;
  body: string;
  /** The body gives nothing away (DM content hidden by the user's setting). */
  contentHidden: boolean;
}

/** Past this many other recipients a group DM's title gives a count instead of names. */
const MAX_NAMED_RECIPIENTS = 3;

/** Native notification bodies are cut by the OS anyway; a bound keeps them readable. */
const MAX_BODY_CHARS = 300;

function otherRecipients(message: Message, myUserId: number) {
  if (!Array.isArray(message.display_recipient)) return [];
  return message.display_recipient.filter((u) => u.id !== myUserId);
}

/**
 * One key per conversation (docs/notifications.md "Grouping"): a 1:1 DM by the other user, a
 * group by all its user ids sorted, a channel message by channel and topic, the topic compared
 * case-insensitively (whoever wrote it).
 */
export function conversationKey(message: Message, myUserId: number): string {
  if (message.type === 'stream') {
    return `channel:${message.stream_id ?? ''}:${message.subject.toLowerCase()}`;
  }
  const others = otherRecipients(message, myUserId);
  if (others.length <= 1) return `dm:${others[0]?.id ?? myUserId}`;
  const ids = Array.isArray(message.display_recipient)
    ? message.display_recipient.map((u) => u.id).sort((a, b) => a - b)
    : [];
  return `group:${ids.join(',')}`;
}

function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > MAX_NAMED_RECIPIENTS) {
    const more = names.length - MAX_NAMED_RECIPIENTS + 1;
    return `${names.slice(0, MAX_NAMED_RECIPIENTS - 1).join(', ')} and ${more} others`;
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The conversation as a grouped notification's title ends (docs/notifications.md "Grouping"):
 * "in #general › deploy", "from Alice" for a 1:1, "in the group with Alice and Bob" for a group.
 */
export function conversationLabel(message: Message, myUserId: number): string {
  if (message.type === 'stream') {
    const channel = typeof message.display_recipient === 'string' ? message.display_recipient : '';
    return `in #${channel} › ${message.subject}`;
  }
  const others = otherRecipients(message, myUserId);
  if (others.length <= 1) return `from ${others[0]?.full_name ?? message.sender_full_name}`;
  return `in the group with ${namesList(others.map((u) => u.full_name))}`;
}

export function notificationTitle(message: Message, myUserId: number): string {
  const sender = message.sender_full_name;
  if (message.type === 'stream') {
    const channel = typeof message.display_recipient === 'string' ? message.display_recipient : '';
    return `${sender} (#${channel} > ${message.subject})`;
  }
  const others = otherRecipients(message, myUserId).filter((u) => u.id !== message.sender_id);
  if (others.length === 0) return `${sender} (to you)`;
  if (others.length > MAX_NAMED_RECIPIENTS) return `${sender} (to you and ${others.length} more)`;
  return `${sender} (to you and ${others.map((u) => u.full_name).join(', ')})`;
}

function truncate(text: string): string {
  if (text.length <= MAX_BODY_CHARS) return text;
  return `${text.slice(0, MAX_BODY_CHARS - 1).trimEnd()}…`;
}

export function notificationBody(message: Message, ctx: PresentContext): string {
  if (message.type === 'private' && !ctx.pmContentInDesktopNotifications) {
    return `New direct message from ${message.sender_full_name}`;
  }
  const markdown = message.content_type === 'text/x-markdown';
  if (isOnlyUpload(message.content, markdown)) return '(attached file)';
  let text = markdown ? message.content.trim() : htmlToText(message.content);
  if (message.is_me_message) text = text.replace(/^\/me\b/, message.sender_full_name);
  return truncate(text);
}

export function presentMessage(message: Message, ctx: PresentContext): PresentedMessage {
  return {
    key: conversationKey(message, ctx.myUserId),
    messageId: message.id,
    senderName: message.sender_full_name,
    conversation: conversationLabel(message, ctx.myUserId),
    title: notificationTitle(message, ctx.myUserId),
    body: notificationBody(message, ctx),
    contentHidden: message.type === 'private' && !ctx.pmContentInDesktopNotifications,
  };
}
