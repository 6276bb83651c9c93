/** Everyone named in the loaded messages (senders and direct-message recipients) by id. */
import type { MessageWire } from '../../../contract/schemas/messages.ts';

export function namesOf(messages: readonly MessageWire[]): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const m of messages) {
    names.set(m.sender_id, m.sender_full_name);
    if (Array.isArray(m.display_recipient))
      for (const r of m.display_recipient) names.set(r.id, r.full_name);
  }
  return names;
}

/** The emails of everyone in the loaded messages, added to what `known` already holds. */
export function addEmailsOf(known: Map<number, string>, messages: readonly MessageWire[]): void {
  for (const m of messages) {
    known.set(m.sender_id, m.sender_email);
    if (Array.isArray(m.display_recipient))
      for (const r of m.display_recipient) known.set(r.id, r.email);
  }
}

/** Each channel's name by its id, as the sidebar lists them. */
export function channelNamesOf(
  channels: readonly { streamId: number; name: string }[],
): ReadonlyMap<number, string> {
  return new Map(channels.map((c) => [c.streamId, c.name]));
}
