/**
 * What a live queue event does to the messages a narrow has loaded. Reactions, flags and
 * deletions are applied here; new messages and edits are fetched again from the server,
 * which alone knows whether they match the narrow and how it renders them.
 */
import type { MessageWire, NarrowTermWire } from '../../core/rpc/schemas/messages.ts';
import type { ReactionLike } from './reactions.ts';

export interface EventEffect {
  messages: MessageWire[];
  /** Loaded messages whose content, topic or channel changed. */
  refetch: number[];
  /** A new message arrived somewhere: the newest end of the narrow may have grown. */
  fetchNewer: boolean;
}

type LooseEvent = { type: string } & Record<string, unknown>;

function idsOf(event: LooseEvent): number[] {
  if (Array.isArray(event.message_ids)) return event.message_ids.filter(Number.isInteger);
  return typeof event.message_id === 'number' ? [event.message_id] : [];
}

function withReaction(m: MessageWire, event: LooseEvent): MessageWire {
  const r = event as unknown as ReactionLike & { op: string };
  const same = (x: ReactionLike) =>
    x.user_id === r.user_id && x.emoji_code === r.emoji_code && x.reaction_type === r.reaction_type;
  if (r.op === 'add') {
    if (m.reactions.some(same)) return m;
    const added = {
      emoji_name: r.emoji_name,
      emoji_code: r.emoji_code,
      reaction_type: r.reaction_type,
      user_id: r.user_id,
    };
    return { ...m, reactions: [...m.reactions, added] };
  }
  return { ...m, reactions: m.reactions.filter((x) => !same(x)) };
}

function withFlag(m: MessageWire, flag: string, add: boolean): MessageWire {
  const has = m.flags.includes(flag);
  if (has === add) return m;
  return { ...m, flags: add ? [...m.flags, flag] : m.flags.filter((f) => f !== flag) };
}

export function applyEvent(messages: MessageWire[], event: LooseEvent): EventEffect {
  const none: EventEffect = { messages, refetch: [], fetchNewer: false };
  switch (event.type) {
    case 'message':
      return { ...none, fetchNewer: true };
    case 'update_message': {
      const loaded = new Set(messages.map((m) => m.id));
      return { ...none, refetch: idsOf(event).filter((id) => loaded.has(id)) };
    }
    case 'delete_message': {
      const gone = new Set(idsOf(event));
      const kept = messages.filter((m) => !gone.has(m.id));
      return { ...none, messages: kept.length === messages.length ? messages : kept };
    }
    case 'reaction': {
      const id = event.message_id;
      return { ...none, messages: messages.map((m) => (m.id === id ? withReaction(m, event) : m)) };
    }
    case 'update_message_flags': {
      const flag = String(event.flag);
      const add = event.op === 'add';
      const all = event.all === true;
      const ids = new Set(Array.isArray(event.messages) ? (event.messages as number[]) : []);
      return {
        ...none,
        messages: messages.map((m) => (all || ids.has(m.id) ? withFlag(m, flag, add) : m)),
      };
    }
    default:
      return none;
  }
}

/**
 * Whether a message still belongs to the narrow's channel and topic after an edit moved it.
 * Only those two terms can change by an edit that the server does not re-check for us.
 */
export function staysInNarrow(message: MessageWire, narrow: readonly NarrowTermWire[]): boolean {
  for (const term of narrow) {
    if (term.negated) continue;
    if (term.operator === 'channel') {
      const name = typeof message.display_recipient === 'string' ? message.display_recipient : '';
      if (name !== term.operand && message.stream_id !== Number(term.operand)) return false;
    }
    if (term.operator === 'topic' && typeof term.operand === 'string') {
      if (message.subject.toLowerCase() !== term.operand.toLowerCase()) return false;
    }
  }
  return true;
}

/** The loaded messages with those fetched again in their place, less those moved away. */
export function replaceMessages(
  messages: readonly MessageWire[],
  fresh: readonly MessageWire[],
  narrow: readonly NarrowTermWire[],
): MessageWire[] {
  const byId = new Map(fresh.map((m) => [m.id, m]));
  const out: MessageWire[] = [];
  for (const m of messages) {
    const next = byId.get(m.id) ?? m;
    if (next === m || staysInNarrow(next, narrow)) out.push(next);
  }
  return out;
}
