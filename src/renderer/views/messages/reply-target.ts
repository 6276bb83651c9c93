/** Where a reply goes: the narrow's channel and topic or conversation, else the selected message's. */
import type {
  MessageWire,
  NarrowTermWire,
  SendTo,
  Sidebar,
} from '../../../core/rpc/schemas/messages.ts';

export interface ReplyTarget {
  to: SendTo;
  label: string;
  topic: string;
}

function positive(terms: NarrowTermWire[], operator: string): NarrowTermWire | undefined {
  return terms.find((t) => t.operator === operator && !t.negated);
}

export function replyTarget(
  terms: NarrowTermWire[],
  selected: MessageWire | undefined,
  sidebar: Sidebar | undefined,
  myUserId: number,
): ReplyTarget | undefined {
  const channel = positive(terms, 'channel');
  if (channel && sidebar) {
    const c = sidebar.channels.find(
      (x) => x.name === channel.operand || x.streamId === Number(channel.operand),
    );
    if (c) {
      const topic = positive(terms, 'topic');
      return {
        to: { type: 'stream', streamId: c.streamId, topic: '' },
        label: `To #${c.name}`,
        topic: topic
          ? String(topic.operand)
          : selected?.stream_id === c.streamId
            ? selected.subject
            : '',
      };
    }
  }
  const dm = positive(terms, 'dm');
  if (dm && Array.isArray(dm.operand)) {
    const others = dm.operand.filter((id) => id !== myUserId);
    const names = sidebar?.conversations.find(
      (c) => c.userIds.join(',') === others.join(','),
    )?.names;
    return {
      to: { type: 'direct', userIds: others.length ? others : [myUserId] },
      label: `To ${names?.join(', ') ?? others.join(', ')}`,
      topic: '',
    };
  }
  if (!selected) return undefined;
  if (selected.type === 'stream' && selected.stream_id !== undefined) {
    const name = typeof selected.display_recipient === 'string' ? selected.display_recipient : '';
    return {
      to: { type: 'stream', streamId: selected.stream_id, topic: '' },
      label: `To #${name}`,
      topic: selected.subject,
    };
  }
  const people = Array.isArray(selected.display_recipient)
    ? selected.display_recipient.filter((r) => r.id !== myUserId)
    : [];
  return {
    to: { type: 'direct', userIds: people.length ? people.map((p) => p.id) : [myUserId] },
    label: `To ${people.map((p) => p.full_name).join(', ') || 'yourself'}`,
    topic: '',
  };
}
