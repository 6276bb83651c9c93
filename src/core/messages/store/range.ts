/**
 * One narrow's loaded stretch of history, as ids, and the pure rules for answering a
 * window from it exactly as GET /messages would, for learning a stretch from a server
 * page, and for joining two stretches. A stretch covers an id interval [lo, hi]: every
 * message of the narrow with an id in it is among `ids`. Each end also says what lies
 * beyond it: nothing ('end'), at least one more message ('more'), or not known.
 */

/** What lies past one end of a stretch. */
export type Beyond = 'end' | 'more' | 'unknown';

export interface NarrowRange {
  /** Ascending message ids of the narrow within [lo, hi]. */
  ids: number[];
  lo: number;
  hi: number;
  below: Beyond;
  above: Beyond;
  historyLimited: boolean;
}

/** The anchor as the server resolves it: an id, or the ends (0 and past every id). */
export type ResolvedAnchor = number | 'newest' | 'oldest';

export interface WindowAsk {
  anchor: ResolvedAnchor;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

export interface WindowAnswer {
  ids: number[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

export interface PageFacts {
  ids: number[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  historyLimited: boolean;
  /** The id the anchor resolved to; null past the newest message. */
  anchor: number | null;
}

function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a side is decided: enough known messages, or the narrow's end reached. */
function side(known: number, wanted: number, beyond: Beyond): boolean | undefined {
  if (known > wanted) return false;
  if (beyond === 'end') return true;
  if (known === wanted && beyond === 'more') return false;
  return undefined;
}

/**
 * The window the server would return, or undefined when the stretch cannot tell. Mirrors
 * the service: messages strictly before and after the anchor, the anchor itself only when
 * it is in the narrow and asked for, and an end found when fewer remain than were asked.
 */
export function answerWindow(range: NarrowRange, ask: WindowAsk): WindowAnswer | undefined {
  const { ids } = range;
  const at = ask.anchor === 'newest' ? Infinity : ask.anchor === 'oldest' ? 0 : ask.anchor;
  // The anchor must lie inside the covered interval, or its membership is unknown.
  if (at !== Infinity && (at < range.lo || at > range.hi)) return undefined;
  if (at === Infinity && range.hi !== Infinity) return undefined;
  const start = lowerBound(ids, at);
  const anchorIn = ids[start] === at;
  const afterStart = anchorIn ? start + 1 : start;
  const foundOldest = side(start, ask.numBefore, range.below);
  const foundNewest = side(ids.length - afterStart, ask.numAfter, range.above);
  if (foundOldest === undefined || foundNewest === undefined) return undefined;
  const before = ids.slice(Math.max(0, start - ask.numBefore), start);
  const after = ids.slice(afterStart, afterStart + ask.numAfter);
  const foundAnchor = ask.includeAnchor && anchorIn;
  return {
    ids: [...before, ...(foundAnchor ? [at] : []), ...after],
    foundAnchor,
    foundOldest,
    foundNewest,
  };
}

/** The stretch a server page proves, for the window that was asked. */
export function rangeOfPage(ask: WindowAsk, page: PageFacts): NarrowRange {
  const at =
    ask.anchor === 'newest' || page.anchor === null
      ? Infinity
      : ask.anchor === 'oldest'
        ? 0
        : page.anchor;
  // Without include_anchor the anchor's own membership was not asked.
  const anchorKnown = ask.includeAnchor || at === 0 || at === Infinity;
  const before = page.ids.filter((id) => id < at);
  const after = page.ids.filter((id) => id > at);
  let lo = page.foundOldest ? 0 : (before[0] ?? at);
  let hi = page.foundNewest ? Infinity : (after.at(-1) ?? at);
  let below: Beyond = page.foundOldest ? 'end' : 'more';
  let above: Beyond = page.foundNewest ? 'end' : 'more';
  if (!anchorKnown) {
    // The anchor itself splits what the page proves: keep the side that was asked for.
    if (ask.numAfter >= ask.numBefore) {
      lo = at + 1;
      below = before.length > 0 ? 'more' : 'unknown';
    } else {
      hi = at - 1;
      above = after.length > 0 ? 'more' : 'unknown';
    }
  }
  return {
    ids: page.ids.filter((id) => id >= lo && id <= hi),
    lo,
    hi,
    below,
    above,
    historyLimited: page.historyLimited,
  };
}

/** Two stretches that overlap or touch make one; otherwise the fresh one replaces the old. */
export function joinRanges(old: NarrowRange, fresh: NarrowRange): NarrowRange {
  const touch = fresh.lo <= old.hi + 1 && old.lo <= fresh.hi + 1;
  if (!touch) return fresh;
  // Inside the fresh interval the fresh page is the truth; outside it the old one holds.
  const outside = old.ids.filter((id) => id < fresh.lo || id > fresh.hi);
  const ids = [...outside, ...fresh.ids].sort((a, b) => a - b);
  const low = fresh.lo <= old.lo ? fresh : old;
  const high = fresh.hi >= old.hi ? fresh : old;
  return {
    ids,
    lo: low.lo,
    hi: high.hi,
    below: low.below,
    above: high.above,
    historyLimited: low.historyLimited,
  };
}

/** Ids sorted ascending with one more in place (no duplicates). */
export function insertId(ids: number[], id: number): number[] {
  if (ids.length === 0 || (ids.at(-1) as number) < id) return [...ids, id];
  const at = lowerBound(ids, id);
  if (ids[at] === id) return ids;
  return [...ids.slice(0, at), id, ...ids.slice(at)];
}

/** The id span of what a view last read from a stretch: it stays when the stretch is cut. */
export interface Focus {
  lo: number;
  hi: number;
}

/**
 * The stretch cut to at most `max` ids (never below the focus), keeping the focus and the
 * ids nearest it on both sides. A cut end becomes the last kept id with more beyond it, so
 * a window reaching past it is fetched again rather than answered short.
 */
export function trimRange(range: NarrowRange, max: number, focus?: Focus): NarrowRange {
  const { ids } = range;
  if (ids.length <= max) return range;
  const from = focus ? lowerBound(ids, focus.lo) : ids.length;
  const to = focus ? lowerBound(ids, focus.hi + 1) : ids.length;
  const keep = Math.max(max, to - from);
  // Centre the focus in what is kept, shifted back inside the stretch at either end.
  const start = Math.max(0, Math.min(from - ((keep - (to - from)) >> 1), ids.length - keep));
  const end = start + keep;
  const cutBelow = start > 0;
  const cutAbove = end < ids.length;
  return {
    ids: ids.slice(start, end),
    lo: cutBelow ? (ids[start] as number) : range.lo,
    hi: cutAbove ? (ids[end - 1] as number) : range.hi,
    below: cutBelow ? 'more' : range.below,
    above: cutAbove ? 'more' : range.above,
    historyLimited: range.historyLimited,
  };
}

/**
 * The focus after `id` joined the stretch `ids` (already in place): a view showing the
 * newest end follows a newer message, its window sliding by one; any other stays put.
 */
export function followFocus(ids: readonly number[], focus: Focus, id: number): Focus {
  if (id <= focus.hi || ids.at(-1) !== id || ids.at(-2) !== focus.hi) return focus;
  const lo = ids[lowerBound(ids, focus.lo) + 1] ?? id;
  return { lo, hi: id };
}
