/**
 * A whole topic moved or renamed (resolving one is a rename, spec 4.5 "Edit a message") while
 * the reader looks at it: the view and compose follow it to its new place, as the upstream
 * web app does on an `update_message` event whose `propagate_mode` is `change_all`, instead
 * of staying on the emptied old name.
 */
import type { NarrowTermWire } from '../../../contract/schemas/messages.ts';

export interface TopicPlace {
  streamId: number;
  topic: string;
}

interface MoveEvent {
  type: string;
  user_id?: number | null;
  message_ids?: number[];
  stream_id?: number;
  new_stream_id?: number;
  orig_subject?: string;
  subject?: string;
  propagate_mode?: string;
}

/** Where a whole topic went, from a live event; undefined for anything else. */
export interface TopicMove {
  from: TopicPlace;
  to: TopicPlace;
  /** Who moved it (null for the system). */
  by: number | null;
  messageIds: readonly number[];
}

/**
 * Whether the reader goes along, as upstream decides: when the message they had selected
 * moved, or when they moved the topic themselves (resolving it from the menu, here or on
 * another device).
 */
export function readerFollows(
  move: TopicMove,
  me: number,
  selectedId: number | undefined,
): boolean {
  return move.by === me || (selectedId !== undefined && move.messageIds.includes(selectedId));
}

export function topicMove(event: { type: string }): TopicMove | undefined {
  const e = event as MoveEvent;
  if (e.type !== 'update_message' || e.propagate_mode !== 'change_all') return undefined;
  if (e.stream_id === undefined || e.orig_subject === undefined) return undefined;
  if (e.subject === undefined && e.new_stream_id === undefined) return undefined;
  return {
    from: { streamId: e.stream_id, topic: e.orig_subject },
    to: { streamId: e.new_stream_id ?? e.stream_id, topic: e.subject ?? e.orig_subject },
    by: e.user_id ?? null,
    messageIds: e.message_ids ?? [],
  };
}

const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The narrow on screen after `move`, when it shows exactly the moved topic (a channel and a
 * topic, nothing else); undefined when the move leaves it alone. `channel` tells a channel
 * term's stream id (its operand may be a name or an id).
 */
export function followedNarrow(
  terms: readonly NarrowTermWire[],
  move: TopicMove,
  channel: {
    idOf: (operand: string | number) => number | undefined;
    nameOf: (id: number) => string | undefined;
  },
): NarrowTermWire[] | undefined {
  if (terms.length !== 2 || terms.some((t) => t.negated)) return undefined;
  const c = terms.find((t) => t.operator === 'channel' || t.operator === 'stream');
  const t = terms.find((x) => x.operator === 'topic');
  if (!c || !t || typeof t.operand !== 'string') return undefined;
  if (channel.idOf(c.operand as string | number) !== move.from.streamId) return undefined;
  if (!sameTopic(t.operand, move.from.topic)) return undefined;
  const name = channel.nameOf(move.to.streamId);
  return [
    { operator: 'channel', operand: name ?? move.to.streamId },
    { operator: 'topic', operand: move.to.topic },
  ];
}
