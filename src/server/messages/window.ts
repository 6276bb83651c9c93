/**
 * The range half of GET /messages: resolving the anchor and walking outward from it
 * through the messages the viewer may read, keeping those the narrow matches. Walks stop
 * as soon as enough matches are found, so a page from a large history costs little more
 * than the page itself.
 */
import type { History } from './history.ts';
import { FLAG_BITS, HISTORICAL_FLAGS } from './flags.ts';
import type { MessageStore } from './store.ts';
import type { MessagePredicate } from './narrow.ts';
import type { StoredMessage } from './types.ts';

/** The id the service reports as `anchor` for `newest` when no message matches. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** An ascending run of message ids with the viewer's flags for each; a History is one. */
export interface Source {
  readonly length: number;
  idAt(index: number): number;
  flagsAt(index: number): number;
  lowerBound(id: number): number;
}

/** Messages of shared history (a channel's ids, or all messages), flagged from the viewer's history. */
export function sharedSource(
  ids: readonly number[] | 'all',
  store: MessageStore,
  history: History,
): Source {
  const idAt = ids === 'all' ? (i: number) => i + 1 : (i: number) => ids[i] ?? 0;
  const length = ids === 'all' ? store.maxId : ids.length;
  return {
    length,
    idAt,
    flagsAt: (i) => history.flagsOf(idAt(i)) ?? HISTORICAL_FLAGS,
    lowerBound(id) {
      let lo = 0;
      let hi = length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (idAt(mid) < id) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

export type Anchor = number | 'newest' | 'oldest' | 'first_unread' | { date: number };

export interface WindowRequest {
  anchor: Anchor;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

export interface Hit {
  message: StoredMessage;
  flags: number;
}

export interface WindowResult {
  anchor: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  hits: Hit[];
}

export function fetchWindow(
  source: Source,
  store: MessageStore,
  matches: MessagePredicate,
  req: WindowRequest,
): WindowResult {
  const matchAt = (i: number): Hit | undefined => {
    const message = store.get(source.idAt(i));
    if (!message) return undefined;
    const flags = source.flagsAt(i);
    return matches(message, flags) ? { message, flags } : undefined;
  };
  const firstIndex = (accept: (hit: Hit) => boolean): number => {
    for (let i = 0; i < source.length; i++) {
      const hit = matchAt(i);
      if (hit && accept(hit)) return i;
    }
    return -1;
  };

  let anchorId: number;
  if (typeof req.anchor === 'number') anchorId = req.anchor;
  else if (req.anchor === 'oldest') anchorId = 0;
  else if (req.anchor === 'newest') anchorId = LARGER_THAN_MAX_MESSAGE_ID;
  else {
    const date = typeof req.anchor === 'object' ? req.anchor.date : undefined;
    const i = firstIndex((h) =>
      date === undefined ? (h.flags & FLAG_BITS.read) === 0 : h.message.timestamp >= date,
    );
    anchorId = i < 0 ? LARGER_THAN_MAX_MESSAGE_ID : source.idAt(i);
  }

  const start = source.lowerBound(anchorId);
  const anchorHit =
    start < source.length && source.idAt(start) === anchorId ? matchAt(start) : undefined;
  const includeAnchor = req.includeAnchor && anchorHit !== undefined;

  // One extra match on each side tells whether the walk reached the end of the narrow.
  const before: Hit[] = [];
  let i = start - 1;
  for (; i >= 0 && before.length <= req.numBefore; i--) {
    const hit = matchAt(i);
    if (hit) before.push(hit);
  }
  const foundOldest = before.length <= req.numBefore;
  before.length = Math.min(before.length, req.numBefore);

  const after: Hit[] = [];
  for (
    let j = anchorHit ? start + 1 : start;
    j < source.length && after.length <= req.numAfter;
    j++
  ) {
    const hit = matchAt(j);
    if (hit) after.push(hit);
  }
  const foundNewest = after.length <= req.numAfter;
  after.length = Math.min(after.length, req.numAfter);

  const hits = before.reverse();
  if (includeAnchor && anchorHit) hits.push(anchorHit);
  hits.push(...after);
  return {
    anchor: anchorId,
    found_anchor: includeAnchor,
    found_newest: foundNewest,
    found_oldest: foundOldest,
    hits,
  };
}
