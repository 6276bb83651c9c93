/**
 * Narrows of GET /messages and POST /register: parsing the wire forms (`{operator,
 * operand, negated}` objects or `[operator, operand]` pairs) and compiling them into one
 * predicate over a message and the viewer's flags for it.
 */
import { badRequest } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { canReadChannelHistory } from './access.ts';
import { FLAG_BITS } from './flags.ts';
import type { StoredMessage } from './types.ts';

export interface NarrowTerm {
  operator: string;
  operand: unknown;
  negated: boolean;
}

export type MessagePredicate = (message: StoredMessage, flags: number) => boolean;

export interface CompiledNarrow {
  matches: MessagePredicate;
  /**
   * Where the whole history is readable regardless of what the viewer received: one
   * public channel, or every public channel (`channels:public`). Undefined: the viewer's
   * own history only.
   */
  sharedHistory: { streamId: number } | 'public' | undefined;
}

function invalidNarrow(why: string): Error {
  return badRequest(`Invalid narrow operator: ${why}`);
}

export function parseNarrow(raw: unknown): NarrowTerm[] {
  if (!Array.isArray(raw)) throw badRequest('narrow is not a list');
  return raw.map((term: unknown): NarrowTerm => {
    if (Array.isArray(term) && term.length === 2 && typeof term[0] === 'string') {
      return { operator: term[0], operand: term[1] as unknown, negated: false };
    }
    if (term && typeof term === 'object' && !Array.isArray(term)) {
      const t = term as Record<string, unknown>;
      if (
        typeof t.operator === 'string' &&
        'operand' in t &&
        (t.negated === undefined || typeof t.negated === 'boolean')
      ) {
        return { operator: t.operator, operand: t.operand, negated: t.negated === true };
      }
    }
    throw badRequest('narrow contains an invalid element');
  });
}

const MENTION_BITS =
  FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

export class NarrowCompiler {
  constructor(
    private readonly state: ServerState,
    private readonly viewer: UserRecord,
  ) {}

  compile(terms: NarrowTerm[]): CompiledNarrow {
    const predicates: MessagePredicate[] = [];
    let sharedHistory: CompiledNarrow['sharedHistory'];
    for (const term of terms) {
      const positive = this.term(term);
      predicates.push(term.negated ? (m, f) => !positive(m, f) : positive);
      if (term.negated) continue;
      const channels = term.operator === 'channels' || term.operator === 'streams';
      if (channels && this.viewer.role !== 600) sharedHistory = 'public';
      if (
        (term.operator === 'channel' || term.operator === 'stream') &&
        sharedHistory !== 'public'
      ) {
        const c = this.channel(term.operand);
        if (canReadChannelHistory(this.state, this.viewer, c.stream_id))
          sharedHistory = { streamId: c.stream_id };
      }
    }
    return { matches: (m, f) => predicates.every((p) => p(m, f)), sharedHistory };
  }

  private term({ operator, operand }: NarrowTerm): MessagePredicate {
    switch (operator) {
      case 'channel':
      case 'stream': {
        const id = this.channel(operand).stream_id;
        return (m) => m.stream_id === id;
      }
      case 'channels':
      case 'streams': {
        if (operand !== 'public' && operand !== 'web-public')
          throw invalidNarrow(`unknown channels operand`);
        const webOnly = operand === 'web-public';
        return (m) => {
          const c = m.stream_id === null ? undefined : this.state.channels.get(m.stream_id);
          return c !== undefined && !c.invite_only && (!webOnly || c.is_web_public);
        };
      }
      case 'topic': {
        const topic = this.text(operand, 'topic').toLowerCase();
        return (m) => m.type === 'stream' && m.topic.toLowerCase() === topic;
      }
      case 'sender': {
        const id = this.user(operand).user_id;
        return (m) => m.sender_id === id;
      }
      case 'dm':
      case 'pm-with':
        return this.dm(operand);
      case 'dm-including':
      case 'group-pm-with': {
        const id = this.user(operand).user_id;
        return (m) => m.dm_user_ids?.includes(id) === true;
      }
      case 'is':
        return this.is(operand);
      case 'search': {
        const words = this.text(operand, 'search').toLowerCase().split(/\s+/).filter(Boolean);
        return (m) => {
          const hay = `${m.topic}\n${m.content}`.toLowerCase();
          return words.every((w) => hay.includes(w));
        };
      }
      case 'id':
      case 'near': {
        const id = typeof operand === 'string' ? Number(operand) : operand;
        if (!Number.isSafeInteger(id)) throw invalidNarrow(`${operator} needs a message id`);
        return operator === 'id' ? (m) => m.id === id : () => true;
      }
      case 'has':
        return this.has(operand);
      default:
        throw invalidNarrow(`unknown operator ${JSON.stringify(operator)}`);
    }
  }

  private is(operand: unknown): MessagePredicate {
    switch (operand) {
      case 'dm':
      case 'private':
        return (m) => m.type === 'private';
      case 'mentioned':
        return (_m, f) => (f & MENTION_BITS) !== 0;
      case 'starred':
        return (_m, f) => (f & FLAG_BITS.starred) !== 0;
      case 'unread':
        return (_m, f) => (f & FLAG_BITS.read) === 0;
      case 'alerted':
        return (_m, f) => (f & FLAG_BITS.has_alert_word) !== 0;
      case 'resolved':
        return (m) => m.type === 'stream' && m.topic.startsWith('✔ ');
      case 'followed': {
        const viewer = this.viewer.user_id;
        return (m) =>
          m.stream_id !== null &&
          this.state.userTopic(viewer, m.stream_id, m.topic)?.visibility_policy === 3;
      }
      default:
        throw invalidNarrow(`unknown "is" operand ${JSON.stringify(operand)}`);
    }
  }

  private has(operand: unknown): MessagePredicate {
    switch (operand) {
      case 'link':
        return (m) => m.rendered.includes('<a ');
      case 'reaction':
        return (m) => m.reactions.length > 0;
      case 'image':
      case 'attachment':
        // This server stores no uploads, so nothing has one.
        return () => false;
      default:
        throw invalidNarrow(`unknown "has" operand ${JSON.stringify(operand)}`);
    }
  }

  private dm(operand: unknown): MessagePredicate {
    const ids = new Set(this.userList(operand).map((u) => u.user_id));
    ids.add(this.viewer.user_id);
    const wanted = [...ids].sort((a, b) => a - b).join(',');
    return (m) => m.dm_user_ids !== null && m.dm_user_ids.join(',') === wanted;
  }

  private text(operand: unknown, name: string): string {
    if (typeof operand !== 'string') throw invalidNarrow(`${name} needs a string`);
    return operand;
  }

  private channel(operand: unknown) {
    const c =
      typeof operand === 'number' || (typeof operand === 'string' && /^\d+$/.test(operand))
        ? this.state.channels.get(Number(operand))
        : typeof operand === 'string'
          ? this.state.channelByName(operand)
          : undefined;
    if (!c) throw invalidNarrow('unknown channel');
    return c;
  }

  private user(operand: unknown): UserRecord {
    const u =
      typeof operand === 'number'
        ? this.state.users.get(operand)
        : typeof operand === 'string'
          ? /^\d+$/.test(operand)
            ? this.state.users.get(Number(operand))
            : this.state.userByEmail(operand)
          : undefined;
    if (!u) throw invalidNarrow('unknown user');
    return u;
  }

  private userList(operand: unknown): UserRecord[] {
    if (Array.isArray(operand)) return operand.map((x: unknown) => this.user(x));
    if (typeof operand === 'string') return operand.split(',').map((s) => this.user(s.trim()));
    return [this.user(operand)];
  }
}
