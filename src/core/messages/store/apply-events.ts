/**
 * An account's queue events applied to its kept messages, with the same pure functions the
 * renderer uses (src/contract/message-events.ts) so both sides agree on what an event does
 * to a message. What those functions leave to the server (a new message in a narrow the
 * store cannot test, messages moved in from elsewhere, a move to an unknown channel) makes
 * the store forget the narrow, or say it no longer knows what lies past an end, never guess.
 */
import { applyEvent, withFlags } from '../../../contract/message-events.ts';
import type { MessageWire } from '../../../contract/schemas/messages.ts';
import type { AccountStore, StoredNarrow } from './account-store.ts';
import { alreadyEdited, editedBy } from './already-applied.ts';
import { placeMayFit } from './narrow-match.ts';
import { followFocus, insertId } from './range.ts';

type Loose = { type: string } & Record<string, unknown>;

export interface ApplyContext {
  /** A channel's current name, for messages moved there; undefined when not known. */
  channelName: (streamId: number) => string | undefined;
}

/** Whether a message may be in the narrow now: yes, no, or not known. */
type Fit = boolean | 'maybe';

function idsOf(event: Loose, field = 'message_ids'): number[] {
  const list = event[field];
  if (Array.isArray(list)) return list.filter((id): id is number => Number.isInteger(id));
  return typeof event.message_id === 'number' ? [event.message_id] : [];
}

/**
 * One message changed membership (or may have): placed inside the stretch, or noted past
 * the end it lies beyond. An unknown message that may now belong inside makes the store
 * forget the narrow.
 */
function placeChange(store: AccountStore, key: string, entry: StoredNarrow, id: number, fit: Fit) {
  const range = entry.range;
  if (id >= range.lo && id <= range.hi) {
    if (fit === true && store.messages.has(id)) range.ids = insertId(range.ids, id);
    else if (fit === true || fit === 'maybe') store.forget(key);
    else if (range.ids.includes(id)) {
      range.ids = range.ids.filter((x) => x !== id);
      store.dirty = true;
    }
    return;
  }
  const end = id < range.lo ? 'below' : 'above';
  // It joined: at least one more lies past the end. It may have left: perhaps none does.
  if (fit === true) range[end] = 'more';
  else if (range[end] === 'more') range[end] = 'unknown';
}

function update(store: AccountStore, event: Loose, ctx: ApplyContext): void {
  const ids = idsOf(event);
  const known: MessageWire[] = [];
  for (const id of ids) {
    const m = store.messages.get(id);
    if (m && !alreadyEdited(m, event, store.editsSeen.get(id))) known.push(m);
  }
  for (const id of editedBy(event, ids)) {
    if (store.messages.has(id)) store.editsSeen.set(id, (store.editsSeen.get(id) ?? 0) + 1);
  }
  known.sort((a, b) => a.id - b.id);
  const effect = applyEvent(known, event, { narrow: [], channelName: ctx.channelName });
  for (const m of effect.messages) store.messages.set(m.id, m);
  const target =
    typeof event.message_id === 'number' ? store.messages.get(event.message_id) : undefined;
  // Content edits can add or remove a mention: the server sends the user's flags after it.
  if (target && Array.isArray(event.flags) && known.some((m) => m.id === target.id))
    store.messages.set(target.id, { ...target, flags: event.flags as string[] });
  const refetch = new Set(effect.refetch);
  const moved = typeof event.subject === 'string' || typeof event.new_stream_id === 'number';
  const streamId =
    typeof event.new_stream_id === 'number'
      ? event.new_stream_id
      : typeof event.stream_id === 'number'
        ? event.stream_id
        : undefined;
  const topic = typeof event.subject === 'string' ? event.subject : event.orig_subject;
  for (const [key, entry] of store.narrows) {
    if (entry.range.ids.some((id) => refetch.has(id))) {
      store.forget(key);
      continue;
    }
    if (!moved || !entry.compiled.byPlace) continue;
    for (const id of ids) {
      const m = store.messages.get(id);
      const fit: Fit = m
        ? entry.compiled.test(m)
        : streamId !== undefined && typeof topic === 'string'
          ? placeMayFit(entry.compiled, streamId, topic) && 'maybe'
          : 'maybe';
      placeChange(store, key, entry, id, fit);
      if (!store.narrows.has(key)) break;
    }
  }
}

function added(store: AccountStore, event: Loose): void {
  const raw = event.message as MessageWire | undefined;
  if (!raw || typeof raw.id !== 'number') return;
  const flags = Array.isArray(event.flags) ? (event.flags as string[]) : [];
  const message = withFlags(raw, flags);
  for (const entry of store.narrows.values()) {
    if (!entry.compiled.test(message)) continue;
    const range = entry.range;
    if (message.id > range.hi) {
      range.above = 'more';
      continue;
    }
    // A message fetched before its event came through is already in place.
    if (!store.messages.has(message.id))
      store.messages.set(message.id, store.strings.message(message));
    range.ids = insertId(range.ids, message.id);
    if (entry.focus) entry.focus = followFocus(range.ids, entry.focus, message.id);
  }
}

function deleted(store: AccountStore, event: Loose): void {
  const ids = idsOf(event);
  const where =
    event.message_type === 'stream' &&
    typeof event.stream_id === 'number' &&
    typeof event.topic === 'string'
      ? { streamId: event.stream_id, topic: event.topic }
      : undefined;
  for (const [key, entry] of store.narrows) {
    for (const id of ids) {
      const m = store.messages.get(id);
      const could = m
        ? entry.compiled.test(m)
        : !where ||
          !entry.compiled.byPlace ||
          placeMayFit(entry.compiled, where.streamId, where.topic);
      if (could) placeChange(store, key, entry, id, false);
    }
  }
  for (const id of ids) store.messages.delete(id);
}

function flagged(store: AccountStore, event: Loose, ctx: ApplyContext): void {
  const all = event.all === true;
  const ids = all ? [...store.messages.keys()] : idsOf(event, 'messages');
  const known = ids.map((id) => store.messages.get(id)).filter((m) => m !== undefined);
  const effect = applyEvent(known, event, { narrow: [], channelName: ctx.channelName });
  for (const m of effect.messages) store.messages.set(m.id, m);
  if (event.flag !== 'starred') return;
  for (const [key, entry] of store.narrows) {
    if (!entry.compiled.byStar) continue;
    for (const id of ids) {
      const m = store.messages.get(id);
      placeChange(store, key, entry, id, m ? entry.compiled.test(m) : 'maybe');
      if (!store.narrows.has(key)) break;
    }
  }
}

function reacted(store: AccountStore, event: Loose, ctx: ApplyContext): void {
  const m = typeof event.message_id === 'number' ? store.messages.get(event.message_id) : undefined;
  if (!m) return;
  const effect = applyEvent([m], event, { narrow: [], channelName: ctx.channelName });
  for (const next of effect.messages) store.messages.set(next.id, next);
}

/** Channels an event about channels names. */
function channelsOf(event: Loose): number[] {
  const list = Array.isArray(event.subscriptions)
    ? event.subscriptions
    : Array.isArray(event.streams)
      ? event.streams
      : [];
  const ids = list.map((s: unknown) =>
    typeof s === 'number' ? s : (s as { stream_id?: unknown } | null)?.stream_id,
  );
  if (typeof event.stream_id === 'number') ids.push(event.stream_id);
  return ids.filter((id): id is number => typeof id === 'number');
}

/**
 * A channel renamed, deleted or left: its messages' recipient or the narrow's reach
 * changed, so narrows about it or holding its messages are forgotten.
 */
function channelChanged(store: AccountStore, event: Loose): void {
  const ids = new Set(channelsOf(event));
  for (const [key, entry] of store.narrows) {
    const touches =
      entry.compiled.channels.some((c) => ids.has(c)) ||
      entry.range.ids.some((id) => {
        const s = store.messages.get(id)?.stream_id;
        return s !== undefined && ids.has(s);
      });
    if (touches) store.forget(key);
  }
}

/** Names, avatars or the organization's history rules changed: every kept message may show them. */
function everythingStale(event: Loose): boolean {
  if (event.type === 'realm') return event.op === 'update' || event.op === 'update_dict';
  if (event.type !== 'realm_user' || event.op !== 'update') return false;
  const person = event.person as Record<string, unknown> | undefined;
  return person !== undefined && ['full_name', 'avatar_url', 'email'].some((f) => f in person);
}

export function applyToStore(store: AccountStore, events: readonly Loose[], ctx: ApplyContext) {
  store.epoch++;
  for (const event of events) {
    if (everythingStale(event)) {
      store.narrows.clear();
      store.messages.clear();
      continue;
    }
    switch (event.type) {
      case 'message':
        added(store, event);
        break;
      case 'update_message':
        update(store, event, ctx);
        break;
      case 'delete_message':
        deleted(store, event);
        break;
      case 'update_message_flags':
        flagged(store, event, ctx);
        break;
      case 'reaction':
      case 'submessage':
        reacted(store, event, ctx);
        break;
      case 'subscription':
        if (event.op === 'remove') channelChanged(store, event);
        break;
      case 'stream':
        if (event.op === 'update' || event.op === 'delete') channelChanged(store, event);
        break;
      default:
        break;
    }
  }
}
