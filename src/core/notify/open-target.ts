/** Where a click on a notification takes the user: the message's conversation, at the message. */
import type { Message } from '../model/state-types.ts';
import type { OpenTarget } from './notifier.ts';

export function openTargetFor(accountId: string, message: Message, myUserId: number): OpenTarget {
  if (message.type === 'stream') {
    return {
      accountId,
      messageId: message.id,
      narrow: [
        { operator: 'channel', operand: message.stream_id ?? 0 },
        { operator: 'topic', operand: message.subject },
      ],
    };
  }
  const people = Array.isArray(message.display_recipient)
    ? message.display_recipient.map((u) => u.id).filter((id) => id !== myUserId)
    : [];
  // A DM to oneself has no other participant: its narrow names the user.
  return {
    accountId,
    messageId: message.id,
    narrow: [{ operator: 'dm', operand: people.length > 0 ? people : [myUserId] }],
  };
}
