/**
 * What a live queue event does to the messages a narrow has loaded, as pure functions the
 * Core's message store and the renderer's timeline share, so both agree on what an event
 * does to a message. Edits, moves, deletions, reactions and flags are applied in place from
 * the event alone; a message left untouched keeps its object, so a keyed list redraws only
 * the rows an event changed. Only what the event cannot tell is asked of the server: new
 * messages, messages moved in from elsewhere (does the narrow hold them?), and a move to a
 * channel whose name this client does not know.
 */
import type { MessageWire, NarrowTermWire } from './schemas/messages.ts';

export interface EventContext {
  narrow: readonly NarrowTermWire[];
  /** A channel's name by id, for messages moved there; undefined when not known. */
  channelName: (streamId: number) => string | undefined;
  /**
   * A new message whose event says it belongs here is put in place from the event, not
   * fetched (a fetch per arriving message costs a round trip and a frame): only
   * while the newest end is loaded and the Core says its events carry messages as fetched.
   */
  takeNew?: boolean;
}

export interface EventEffect {
  messages: MessageWire[];
  /** Loaded messages whose new state the event does not tell: fetched again. */
  refetch: number[];
  /** Messages moved from elsewhere: fetched with the narrow and merged if it holds them. */
  fetchIn: number[];
  /** A new message arrived somewhere: the newest end of the narrow may have grown. */
  fetchNewer: boolean;
}

type LooseEvent = { type: string } & Record<string, unknown>;
type ReactionLike = MessageWire['reactions'][number];
type EditEntry = NonNullable<MessageWire['edit_history']>[number];

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
  const kept = m.reactions.filter((x) => !same(x));
  return kept.length === m.reactions.length ? m : { ...m, reactions: kept };
}

/** A widget's submessage added from its event, once (a refetch may have brought it already). */
function withSubmessage(m: MessageWire, e: LooseEvent): MessageWire {
  const subs = m.submessages ?? [];
  if (subs.some((s) => (s as { id?: unknown } | null)?.id === e.submessage_id)) return m;
  const added = {
    id: e.submessage_id,
    message_id: e.message_id,
    sender_id: e.sender_id,
    msg_type: e.msg_type,
    content: e.content,
  };
  return { ...m, submessages: [...subs, added] };
}

function withFlag(m: MessageWire, flag: string, add: boolean): MessageWire {
  const has = m.flags.includes(flag);
  if (has === add) return m;
  return { ...m, flags: add ? [...m.flags, flag] : m.flags.filter((f) => f !== flag) };
}

const RESOLVED_PREFIX = '✔ ';
function resolveOnly(from: string, to: string): boolean {
  return to === RESOLVED_PREFIX + from || from === RESOLVED_PREFIX + to;
}

/** The message after the content part of an edit (the target message only). */
function withContent(m: MessageWire, e: LooseEvent): MessageWire {
  if (typeof e.rendered_content !== 'string') return m;
  const next: MessageWire = { ...m, content: e.rendered_content };
  if (typeof e.is_me_message === 'boolean') next.is_me_message = e.is_me_message;
  if (e.rendering_only === true) return next;
  if (typeof e.edit_timestamp === 'number') next.last_edit_timestamp = e.edit_timestamp;
  return next;
}

interface Move {
  topic?: string;
  streamId?: number;
  channelName?: string;
}

function moveOf(e: LooseEvent, ctx: EventContext): Move | undefined {
  const topic = typeof e.subject === 'string' ? e.subject : undefined;
  const streamId = typeof e.new_stream_id === 'number' ? e.new_stream_id : undefined;
  if (topic === undefined && streamId === undefined) return undefined;
  const name = streamId === undefined ? undefined : ctx.channelName(streamId);
  return {
    ...(topic !== undefined ? { topic } : {}),
    ...(streamId !== undefined ? { streamId } : {}),
    ...(name !== undefined ? { channelName: name } : {}),
  };
}

/** The history entry the server recorded, rebuilt from the event. */
function historyEntry(m: MessageWire, e: LooseEvent, target: boolean, move?: Move): EditEntry {
  const entry: EditEntry = {
    user_id: typeof e.user_id === 'number' ? e.user_id : null,
    timestamp: typeof e.edit_timestamp === 'number' ? e.edit_timestamp : 0,
  };
  if (target && typeof e.orig_content === 'string') {
    entry.prev_content = e.orig_content;
    if (typeof e.orig_rendered_content === 'string')
      entry.prev_rendered_content = e.orig_rendered_content;
  }
  if (move?.topic !== undefined && move.topic !== m.subject) {
    entry.prev_topic = m.subject;
    entry.topic = move.topic;
  }
  if (move?.streamId !== undefined && move.streamId !== m.stream_id) {
    entry.prev_stream = m.stream_id;
    entry.stream = move.streamId;
  }
  return entry;
}

function withMove(m: MessageWire, e: LooseEvent, move: Move): MessageWire {
  const next: MessageWire = { ...m };
  const from = m.subject;
  if (move.topic !== undefined) {
    next.subject = move.topic;
    if (Array.isArray(e.topic_links))
      next.topic_links = e.topic_links as MessageWire['topic_links'];
  }
  if (move.streamId !== undefined) {
    next.stream_id = move.streamId;
    if (move.channelName !== undefined) next.display_recipient = move.channelName;
  }
  const stayedInChannel = move.streamId === undefined || move.streamId === m.stream_id;
  const shown = !stayedInChannel || move.topic === undefined || !resolveOnly(from, move.topic);
  if (shown && typeof e.edit_timestamp === 'number') next.last_moved_timestamp = e.edit_timestamp;
  return next;
}

function applyUpdate(messages: MessageWire[], e: LooseEvent, ctx: EventContext): EventEffect {
  const ids = new Set(idsOf(e));
  const move = moveOf(e, ctx);
  const refetch: number[] = [];
  const loaded = new Set<number>();
  const out: MessageWire[] = [];
  let changed = false;
  for (const m of messages) {
    if (!ids.has(m.id)) {
      out.push(m);
      continue;
    }
    loaded.add(m.id);
    const target = m.id === e.message_id;
    let next = target ? withContent(m, e) : m;
    if (move) next = withMove(next, e, move);
    if (next !== m && e.rendering_only !== true) {
      next.edit_history = [historyEntry(m, e, target, move), ...(m.edit_history ?? [])];
    }
    if (move?.streamId !== undefined && move.channelName === undefined) refetch.push(m.id);
    changed ||= next !== m;
    if (move && !staysInNarrow(next, ctx.narrow)) continue;
    out.push(next);
  }
  const fetchIn = move ? [...ids].filter((id) => !loaded.has(id)) : [];
  const list = changed || out.length !== messages.length ? out : messages;
  return { messages: list, refetch, fetchIn, fetchNewer: false };
}

export function applyEvent(
  messages: MessageWire[],
  event: LooseEvent,
  ctx: EventContext,
): EventEffect {
  const none: EventEffect = { messages, refetch: [], fetchIn: [], fetchNewer: false };
  switch (event.type) {
    case 'message': {
      const arrived = ctx.takeNew ? newMessageOf(event) : undefined;
      if (!arrived || !surelyInNarrow(arrived, ctx.narrow)) return { ...none, fetchNewer: true };
      return { ...none, messages: appendById(messages, arrived) };
    }
    case 'update_message':
      return applyUpdate(messages, event, ctx);
    case 'delete_message': {
      const gone = new Set(idsOf(event));
      const kept = messages.filter((m) => !gone.has(m.id));
      return { ...none, messages: kept.length === messages.length ? messages : kept };
    }
    case 'reaction': {
      const id = event.message_id;
      return { ...none, messages: messages.map((m) => (m.id === id ? withReaction(m, event) : m)) };
    }
    case 'submessage': {
      const id = event.message_id;
      return {
        ...none,
        messages: messages.map((m) => (m.id === id ? withSubmessage(m, event) : m)),
      };
    }
    case 'update_message_flags': {
      const flag = String(event.flag);
      const add = event.op === 'add';
      const all = event.all === true;
      const ids = new Set(Array.isArray(event.messages) ? (event.messages as number[]) : []);
      let changed = false;
      const updated = messages.map((m) => {
        if (!all && !ids.has(m.id)) return m;
        const next = withFlag(m, flag, add);
        changed ||= next !== m;
        return next;
      });
      // The Starred view gains and loses messages with the flag.
      if (flag !== 'starred' || !narrowsTo(ctx.narrow, 'starred'))
        // Already so (a message read on arrival, its read mark come back): the same list, so
        // a view redraws nothing for it.
        return { ...none, messages: changed ? updated : messages };
      if (!add) return { ...none, messages: updated.filter((m) => m.flags.includes('starred')) };
      const loaded = new Set(messages.map((m) => m.id));
      return { ...none, messages: updated, fetchIn: [...ids].filter((id) => !loaded.has(id)) };
    }
    default:
      return none;
  }
}

function narrowsTo(narrow: readonly NarrowTermWire[], is: string): boolean {
  return narrow.some((t) => t.operator === 'is' && t.operand === is && !t.negated);
}

/**
 * A message event's message with the flags that sit beside it. Not `{ ...m, flags }`: V8
 * gives an object spread and then grown by a property its own hidden class, about 500 bytes
 * a message kept (8.5 MB for 16 000 live messages in the host); built by assignment, every
 * such message shares one.
 */
export function withFlags(m: MessageWire, flags: string[]): MessageWire {
  return Object.assign({}, m, { flags });
}

function newMessageOf(event: LooseEvent): MessageWire | undefined {
  const m = event.message as MessageWire | undefined;
  if (!m || typeof m !== 'object' || typeof m.id !== 'number') return undefined;
  return withFlags(m, Array.isArray(event.flags) ? (event.flags as string[]) : []);
}

/**
 * Whether a message certainly belongs to the narrow, from the terms this client can decide
 * alone: no term (every message), a channel by id or exact name, a topic, a direct message
 * conversation by user ids. Anything else, or a near miss (a name spelled otherwise), is
 * left to the server: a false "no" would hide a message the narrow holds.
 */
export function surelyInNarrow(message: MessageWire, narrow: readonly NarrowTermWire[]): boolean {
  return narrow.every((term) => {
    if (term.negated) return false;
    switch (term.operator) {
      case 'channel':
      case 'stream':
        return (
          message.type === 'stream' &&
          (message.stream_id === term.operand || message.display_recipient === term.operand)
        );
      case 'topic':
        return (
          message.type === 'stream' &&
          typeof term.operand === 'string' &&
          message.subject.toLowerCase() === term.operand.toLowerCase()
        );
      case 'dm':
        return dmMatches(message, term.operand);
      default:
        return false;
    }
  });
}

/** The user's own id is among the recipients but may be left out of the narrow's ids. */
function dmMatches(message: MessageWire, operand: NarrowTermWire['operand']): boolean {
  if (message.type !== 'private' || !Array.isArray(message.display_recipient)) return false;
  if (!Array.isArray(operand) || !operand.every((id) => typeof id === 'number')) return false;
  const recipients = new Set(message.display_recipient.map((r) => r.id));
  const asked = new Set(operand as number[]);
  if (![...asked].every((id) => recipients.has(id))) return false;
  return recipients.size - asked.size <= 1;
}

/** A message added at its place by id; arriving messages are nearly always the newest. */
function appendById(messages: MessageWire[], arrived: MessageWire): MessageWire[] {
  const last = messages.at(-1);
  if (!last || last.id < arrived.id) return [...messages, arrived];
  return mergeById(messages, [arrived]);
}

/**
 * Whether a message still belongs to the narrow after a move. Only the channel, topic and
 * starred terms can change by an event that the server does not re-check for us.
 */
export function staysInNarrow(message: MessageWire, narrow: readonly NarrowTermWire[]): boolean {
  for (const term of narrow) {
    if (term.negated) continue;
    if (term.operator === 'channel' || term.operator === 'stream') {
      const name = typeof message.display_recipient === 'string' ? message.display_recipient : '';
      const byName = typeof term.operand === 'string' && name === term.operand;
      if (!byName && message.stream_id !== Number(term.operand)) return false;
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

export interface LoadedEnds {
  foundOldest: boolean;
  foundNewest: boolean;
}

/**
 * Messages moved into the narrow, placed by id among the loaded ones. One beyond a loaded
 * end that is not the narrow's end is left out: scrolling there fetches it in its place.
 */
export function mergeMovedIn(
  messages: readonly MessageWire[],
  arrived: readonly MessageWire[],
  ends: LoadedEnds,
): MessageWire[] {
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const fits = (id: number) =>
    (first === undefined || id > first || ends.foundOldest) &&
    (last === undefined || id < last || ends.foundNewest);
  return mergeById(
    messages,
    arrived.filter((m) => fits(m.id)),
  );
}

/** Messages added to a list ordered by id, each once, in order; the list itself if none is new. */
export function mergeById(
  messages: readonly MessageWire[],
  arrived: readonly MessageWire[],
): MessageWire[] {
  const have = new Set(messages.map((m) => m.id));
  const adding = arrived.filter((m) => !have.has(m.id));
  if (adding.length === 0) return messages as MessageWire[];
  return [...messages, ...adding].sort((a, b) => a.id - b.id);
}

/** A batch of events applied in order; what to fetch afterwards is gathered. */
export function applyEvents(
  messages: MessageWire[],
  events: readonly { type: string }[],
  ctx: EventContext,
): EventEffect {
  const total: EventEffect = { messages, refetch: [], fetchIn: [], fetchNewer: false };
  for (const event of events) {
    const effect = applyEvent(total.messages, event as LooseEvent, ctx);
    total.messages = effect.messages;
    total.refetch.push(...effect.refetch);
    total.fetchIn.push(...effect.fetchIn);
    total.fetchNewer ||= effect.fetchNewer;
  }
  // Most batches fetch nothing: then the loaded ids need no index (a list may hold 5 000).
  if (total.refetch.length === 0 && total.fetchIn.length === 0) return total;
  // A message deleted or moved away after it was queued for fetching is not fetched.
  const loaded = new Set(total.messages.map((m) => m.id));
  total.refetch = [...new Set(total.refetch)].filter((id) => loaded.has(id));
  total.fetchIn = [...new Set(total.fetchIn)].filter((id) => !loaded.has(id));
  return total;
}
