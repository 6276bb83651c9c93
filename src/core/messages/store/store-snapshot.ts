/**
 * One account's kept messages as the cache on disk saves them (docs/architecture.md, "The
 * cache on disk"): the narrows viewed most recently first, each with its stretch of ids,
 * and the messages they hold, within a number of messages the cache's size budget sets.
 * Ranges reach to Infinity, which JSON cannot write: it is saved as null.
 */
import type { MessageWire, NarrowTermWire } from '../../../contract/schemas/messages.ts';
import { AccountStore } from './account-store.ts';
import { compileNarrow, narrowKey, type NarrowLookup } from './narrow-match.ts';
import type { Beyond, Focus } from './range.ts';

export interface SavedNarrow {
  narrow: NarrowTermWire[];
  ids: number[];
  lo: number;
  /** null: up to the newest message (Infinity). */
  hi: number | null;
  below: Beyond;
  above: Beyond;
  focus?: Focus;
}

export interface MessagesSnapshot {
  params: string;
  narrows: SavedNarrow[];
  messages: MessageWire[];
  editsSeen: [number, number][];
}

/**
 * An account's kept messages as the cache file holds them (the JSON text of a
 * MessagesSnapshot), not parsed yet: `load` parses and restores them, or gives undefined
 * when the account's state cannot read them any more.
 */
export interface SavedMessages {
  readonly text: string;
  load(): AccountStore | undefined;
}

/**
 * The most recently viewed narrows whose messages fit in `maxMessages` (a narrow that does
 * not fit is left out whole: a stretch is kept whole or not at all).
 */
export function snapshotMessages(
  store: AccountStore,
  maxMessages = Infinity,
): MessagesSnapshot | undefined {
  const ordered = [...store.narrows.values()].sort((a, b) => b.viewed - a.viewed);
  const narrows: SavedNarrow[] = [];
  const held = new Set<number>();
  for (const entry of ordered) {
    const added = entry.range.ids.filter((id) => !held.has(id) && store.messages.has(id));
    if (added.length !== entry.range.ids.filter((id) => !held.has(id)).length) continue;
    if (held.size + added.length > maxMessages) continue;
    for (const id of added) held.add(id);
    const { ids, lo, hi, below, above } = entry.range;
    narrows.push({
      narrow: entry.narrow,
      ids,
      lo,
      hi: hi === Infinity ? null : hi,
      below,
      above,
      ...(entry.focus ? { focus: entry.focus } : {}),
    });
  }
  if (narrows.length === 0) return undefined;
  const messages = [...held].sort((a, b) => b - a).map((id) => store.messages.get(id)!);
  const editsSeen = [...store.editsSeen].filter(([id]) => held.has(id));
  return { params: store.params, narrows, messages, editsSeen };
}

/**
 * Each kept message's JSON text, made once per message object. The store never changes a
 * message in place: an event replaces it with a new object (apply-events.ts), so a text is
 * right for as long as its object is kept, and goes with it. A snapshot written again a few
 * seconds after a change (cache/cache-keeper.ts) encodes only the messages that changed: of
 * the 10 000 kept messages of the cache-start bench, encoding all of them was about 15 ms of a
 * write's CPU (bench/README.md, `cache-start`).
 */
const messageTexts = new WeakMap<MessageWire, string>();

function messageText(message: MessageWire): string {
  let text = messageTexts.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    messageTexts.set(message, text);
  }
  return text;
}

/** Messages per piece of `snapshotTexts`: pieces of some tens of KB, not one per message. */
const MESSAGES_PER_PIECE = 128;

/**
 * The JSON text of `snapshot` as pieces that, joined, are `JSON.stringify(snapshot)`: the
 * messages' texts are each message's own (`messageText`), and the whole is never one string.
 */
export function snapshotTexts(snapshot: MessagesSnapshot): string[] {
  const { params, narrows, messages, editsSeen } = snapshot;
  const pieces = [
    `{"params":${JSON.stringify(params)},"narrows":${JSON.stringify(narrows)},"messages":[`,
  ];
  for (let start = 0; start < messages.length; start += MESSAGES_PER_PIECE) {
    const texts = messages.slice(start, start + MESSAGES_PER_PIECE).map(messageText);
    pieces.push((start === 0 ? '' : ',') + texts.join(','));
  }
  pieces.push(`],"editsSeen":${JSON.stringify(editsSeen)}}`);
  return pieces;
}

/**
 * The kept messages a snapshot saved, narrows compiled with the account's restored state;
 * a narrow the state cannot read any more is left out.
 */
export function restoreMessages(snapshot: MessagesSnapshot, lookup: NarrowLookup): AccountStore {
  const store = new AccountStore(snapshot.params);
  for (const m of snapshot.messages) store.messages.set(m.id, store.strings.message(m));
  for (const [id, n] of snapshot.editsSeen) store.editsSeen.set(id, n);
  // Oldest viewed first, so the most recent gets the highest counter again.
  const saved = [...snapshot.narrows].reverse();
  for (const s of saved) {
    const compiled = compileNarrow(s.narrow, lookup);
    if (!compiled) continue;
    store.narrows.set(narrowKey(s.narrow), {
      narrow: s.narrow,
      compiled,
      range: {
        ids: s.ids,
        lo: s.lo,
        hi: s.hi ?? Infinity,
        below: s.below,
        above: s.above,
        historyLimited: false,
      },
      viewed: store.touch(),
      ...(s.focus ? { focus: s.focus } : {}),
    });
  }
  store.dirty = true;
  store.collect();
  return store;
}
