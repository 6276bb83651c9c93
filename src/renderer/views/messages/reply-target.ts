/**
 * Where compose writes by default: the narrow's channel and topic or conversation, else the
 * selected message's. People are named from the organization's directory (so `dm:5` reads
 * "To Ada Lovelace" before any message has loaded) and a `dm:` by email finds its person.
 */
import type { DirectoryUser } from '../../../contract/schemas/compose.ts';
import type { MessageWire, NarrowTermWire, Sidebar } from '../../../contract/schemas/messages.ts';
import type { Recipient } from './compose/recipient.ts';

export interface ReplyTarget {
  recipient: Recipient;
  topic: string;
}

/** What compose knows about people: the directory once loaded, else nothing. */
export interface PeopleLookup {
  byId(id: number): DirectoryUser | undefined;
  byEmail(email: string): DirectoryUser | undefined;
}

export function peopleLookup(users: readonly DirectoryUser[] | undefined): PeopleLookup {
  const ids = new Map((users ?? []).map((u) => [u.id, u]));
  const emails = new Map((users ?? []).map((u) => [u.email.toLowerCase(), u]));
  return {
    byId: (id) => ids.get(id),
    byEmail: (email) => emails.get(email.trim().toLowerCase()),
  };
}

function positive(terms: NarrowTermWire[], operator: string): NarrowTermWire | undefined {
  return terms.find((t) => t.operator === operator && !t.negated);
}

/** A `dm:` operand's people: ids, or emails (comma-separated) resolved through the directory. */
function dmPeople(
  operand: NarrowTermWire['operand'],
  people: PeopleLookup,
): { id: number; email?: string }[] | undefined {
  if (Array.isArray(operand)) return operand.map((id) => ({ id }));
  if (typeof operand === 'number') return [{ id: operand }];
  const found = operand.split(',').map((email) => people.byEmail(email));
  if (found.some((u) => u === undefined)) return undefined;
  return found.map((u) => ({ id: u!.id, email: u!.email }));
}

export function replyTarget(
  terms: NarrowTermWire[],
  selected: MessageWire | undefined,
  sidebar: Sidebar | undefined,
  myUserId: number,
  people: PeopleLookup = peopleLookup(undefined),
): ReplyTarget | undefined {
  const channel = positive(terms, 'channel');
  if (channel && sidebar) {
    const c = sidebar.channels.find(
      (x) => x.name === channel.operand || x.streamId === Number(channel.operand),
    );
    if (c) {
      const topic = positive(terms, 'topic');
      return {
        recipient: { type: 'stream', streamId: c.streamId, channel: c.name },
        topic: topic
          ? String(topic.operand)
          : selected?.stream_id === c.streamId
            ? selected.subject
            : '',
      };
    }
  }
  const dm = positive(terms, 'dm');
  const listed = dm && dmPeople(dm.operand, people);
  if (listed) {
    const others = listed.filter((p) => p.id !== myUserId);
    const known = sidebar?.conversations.find(
      (c) => c.userIds.join(',') === others.map((p) => p.id).join(','),
    )?.names;
    return {
      recipient: {
        type: 'direct',
        users: others.map((p, i) => ({
          id: p.id,
          name: people.byId(p.id)?.name ?? known?.[i] ?? p.email ?? `user ${p.id}`,
        })),
      },
      topic: '',
    };
  }
  if (!selected) return undefined;
  if (selected.type === 'stream' && selected.stream_id !== undefined) {
    const name = typeof selected.display_recipient === 'string' ? selected.display_recipient : '';
    return {
      recipient: { type: 'stream', streamId: selected.stream_id, channel: name },
      topic: selected.subject,
    };
  }
  const others = Array.isArray(selected.display_recipient)
    ? selected.display_recipient.filter((r) => r.id !== myUserId)
    : [];
  return {
    recipient: { type: 'direct', users: others.map((p) => ({ id: p.id, name: p.full_name })) },
    topic: '',
  };
}

/**
 * The same place to write to: the same channel or the same people, and the same topic. Each
 * sidebar patch and each change of the loaded messages works the target out again as a new
 * object; held while equal, compose and what reads the target are not woken for it.
 */
export function sameReplyTarget(a: ReplyTarget | undefined, b: ReplyTarget | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.topic !== b.topic) return false;
  const x = a.recipient;
  const y = b.recipient;
  if (x.type === 'stream')
    return y.type === 'stream' && x.streamId === y.streamId && x.channel === y.channel;
  return (
    y.type === 'direct' &&
    x.users.length === y.users.length &&
    x.users.every((u, i) => u.id === y.users[i]!.id && u.name === y.users[i]!.name)
  );
}
