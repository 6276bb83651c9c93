/**
 * What the message property tests share: what a user sees of a message, and the actions
 * on one existing message that two people and an administrator take at random.
 */
import type { MessageWire } from '../../../src/contract/schemas/messages.ts';
import type { ServerUser, StartedServer } from '../../../src/server/index.ts';
import { call } from '../server/messaging-client.ts';

/** What the user sees of a message (and its edit history); ids of a fresh fetch must match. */
export function visible(m: MessageWire) {
  return {
    id: m.id,
    content: m.content,
    subject: m.subject,
    stream_id: m.stream_id,
    display_recipient: m.display_recipient,
    flags: [...m.flags].sort(),
    reactions: m.reactions.map((r) => `${r.user_id}:${r.emoji_code}`).sort(),
    last_edit_timestamp: m.last_edit_timestamp,
    last_moved_timestamp: m.last_moved_timestamp,
    edit_history: m.edit_history ?? [],
    topic_links: m.topic_links ?? [],
  };
}

export type MessageAction =
  | { kind: 'edit'; text: string }
  | { kind: 'topic'; topic: string; mode: string }
  | { kind: 'channel'; channel: string; mode: string }
  | { kind: 'delete' }
  | { kind: 'react' };

/** One action on a message; refusals (no permission, already deleted) are the server's to make. */
export async function actOn(
  server: StartedServer,
  actor: ServerUser,
  id: number,
  a: MessageAction,
): Promise<void> {
  const path = `/messages/${id}`;
  if (a.kind === 'edit') await call(server, actor, 'PATCH', path, { content: a.text });
  if (a.kind === 'topic')
    await call(server, actor, 'PATCH', path, { topic: a.topic, propagate_mode: a.mode });
  if (a.kind === 'channel') {
    const channel = [...server.state.channels.values()].find((c) => c.name === a.channel);
    await call(server, actor, 'PATCH', path, {
      stream_id: channel?.stream_id,
      propagate_mode: a.mode,
    });
  }
  if (a.kind === 'delete') await call(server, actor, 'DELETE', path);
  if (a.kind === 'react') {
    const r = await call(server, actor, 'POST', `${path}/reactions`, { emoji_name: 'tada' });
    if (r.body.code === 'REACTION_ALREADY_EXISTS')
      await call(server, actor, 'DELETE', `${path}/reactions`, { emoji_name: 'tada' });
  }
}
