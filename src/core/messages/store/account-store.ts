/**
 * One account's kept messages: each message once by id, and per narrow the stretch of its
 * history that was loaded. Answers a window when the stretch decides it, and learns from
 * every page the server returns. Events are applied by apply-events.ts.
 */
import type {
  MessageWire,
  MessagesPage,
  NarrowTermWire,
} from '../../../contract/schemas/messages.ts';
import { narrowKey, type CompiledNarrow } from './narrow-match.ts';
import {
  answerWindow,
  joinRanges,
  rangeOfPage,
  trimRange,
  type Focus,
  type NarrowRange,
  type WindowAsk,
} from './range.ts';
import { SharedStrings } from './shared-strings.ts';

export interface StoredNarrow {
  narrow: NarrowTermWire[];
  compiled: CompiledNarrow;
  range: NarrowRange;
  /** When a view last read it (a counter): the least recent is let go first. */
  viewed: number;
  /** The ids a view last read or fetched: what is on screen, kept when the stretch is cut. */
  focus?: Focus;
}

/** Applies one batch of events again, to another store of the account. */
export type Replay = (into: AccountStore) => void;

let viewCounter = 0;

export class AccountStore {
  readonly messages = new Map<number, MessageWire>();
  /** The repeated strings of kept messages, once each. */
  readonly strings = new SharedStrings();
  readonly narrows = new Map<string, StoredNarrow>();
  /**
   * Bumped by every event batch, and by a drop: a page fetched across a batch may predate it,
   * so it is kept only once brought up to date by the batches it crossed (`fetchEnds`).
   */
  epoch = 0;
  /** The epochs the fetches under way began at, and the batches applied since the oldest. */
  readonly #begun: number[] = [];
  #crossed: { epoch: number; replay: Replay }[] = [];
  /** Some narrow let messages go since the last collect. */
  dirty = false;
  /**
   * Per message, how many of its recorded edits the store has taken from events (applied,
   * or found already in a fetched copy): a later event is at least that far up its history,
   * so a same-second edit that repeats an earlier one is not taken for it.
   */
  readonly editsSeen = new Map<number, number>();

  /** `params` names the request options every kept message was fetched with. */
  constructor(readonly params: string) {}

  /** A fetch of a page begins: the epoch it starts from, for `fetchEnds`. */
  fetchBegins(): number {
    this.#begun.push(this.epoch);
    return this.epoch;
  }

  /**
   * A batch was applied (the epoch bumped for it): while a fetch is under way it is noted,
   * with how to apply it again to a page that crossed it.
   */
  applied(replay: Replay): void {
    if (this.#begun.length > 0) this.#crossed.push({ epoch: this.epoch, replay });
  }

  /**
   * The fetch begun at `epoch` ended: the batches applied meanwhile, oldest first, or
   * undefined when the store changed otherwise too (a drop), so the page cannot be kept.
   */
  fetchEnds(epoch: number): Replay[] | undefined {
    const crossed = this.#crossed.filter((b) => b.epoch > epoch).map((b) => b.replay);
    this.#begun.splice(this.#begun.indexOf(epoch), 1);
    // Only what a fetch still under way crossed is worth holding on to.
    const oldest = Math.min(...this.#begun);
    this.#crossed = this.#crossed.filter((b) => b.epoch > oldest);
    return crossed.length === this.epoch - epoch ? crossed : undefined;
  }

  /** A fresh "viewed" mark, later than every one given so far (a restored narrow's). */
  touch(): number {
    return ++viewCounter;
  }

  answer(narrow: readonly NarrowTermWire[], ask: WindowAsk): MessagesPage | undefined {
    const entry = this.narrows.get(narrowKey(narrow));
    if (!entry) return undefined;
    const found = answerWindow(entry.range, ask);
    if (!found) return undefined;
    const messages: MessageWire[] = [];
    for (const id of found.ids) {
      const m = this.messages.get(id);
      if (!m) return undefined;
      messages.push(m);
    }
    entry.viewed = ++viewCounter;
    entry.focus = spanOf(found.ids) ?? entry.focus;
    return {
      messages,
      foundAnchor: found.foundAnchor,
      foundOldest: found.foundOldest,
      foundNewest: found.foundNewest,
      historyLimited: false,
      anchor: ask.anchor === 'newest' ? null : ask.anchor === 'oldest' ? 0 : ask.anchor,
    };
  }

  /**
   * Keeps what a page proves. A page the store could not follow by events (messages the
   * user never received, a plan-limited history) or that its own test of the narrow
   * disagrees with is not kept, and the narrow is forgotten rather than guessed.
   */
  remember(
    narrow: readonly NarrowTermWire[],
    compiled: CompiledNarrow,
    ask: WindowAsk,
    page: MessagesPage,
    maxPerNarrow = Infinity,
  ): void {
    const key = narrowKey(narrow);
    const followable =
      !page.historyLimited &&
      page.messages.every((m) => !m.flags.includes('historical') && compiled.test(m));
    if (!followable) {
      this.forget(key);
      return;
    }
    const fresh = rangeOfPage(ask, { ...page, ids: page.messages.map((m) => m.id) });
    for (const m of page.messages) this.messages.set(m.id, this.strings.message(m));
    this.#keep(key, narrow, compiled, fresh, spanOf(fresh.ids), maxPerNarrow);
  }

  /**
   * Keeps the narrow `key` as another store of this account holds it: a page brought up to
   * date apart (served-fetch.ts). Nothing is kept when that store let the narrow go.
   */
  adoptNarrow(from: AccountStore, key: string, maxPerNarrow = Infinity): void {
    const entry = from.narrows.get(key);
    if (!entry) return;
    for (const id of entry.range.ids) {
      const m = from.messages.get(id);
      if (m) this.messages.set(id, this.strings.message(m));
      const seen = Math.max(from.editsSeen.get(id) ?? 0, this.editsSeen.get(id) ?? 0);
      if (seen > 0) this.editsSeen.set(id, seen);
    }
    this.#keep(key, entry.narrow, entry.compiled, entry.range, entry.focus, maxPerNarrow);
  }

  #keep(
    key: string,
    narrow: readonly NarrowTermWire[],
    compiled: CompiledNarrow,
    fresh: NarrowRange,
    freshFocus: Focus | undefined,
    maxPerNarrow: number,
  ): void {
    const old = this.narrows.get(key);
    const joined = old ? joinRanges(old.range, fresh) : fresh;
    const focus = freshFocus ?? old?.focus;
    // Scrolled far: the stretch keeps its budget's worth around this page, not all it saw.
    const range = trimRange(joined, maxPerNarrow, focus);
    if (range !== joined) this.dirty = true;
    this.narrows.set(key, { narrow: [...narrow], compiled, range, viewed: ++viewCounter, focus });
  }

  /** Cuts every narrow over `max` ids down to it around what is on screen. */
  trim(max: number): void {
    for (const entry of this.narrows.values()) {
      const range = trimRange(entry.range, max, entry.focus);
      if (range === entry.range) continue;
      entry.range = range;
      this.dirty = true;
    }
  }

  forget(key: string): void {
    if (this.narrows.delete(key)) this.dirty = true;
  }

  /** Drops messages no narrow holds any more. */
  collect(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const held = new Set<number>();
    for (const entry of this.narrows.values()) for (const id of entry.range.ids) held.add(id);
    for (const id of this.messages.keys()) if (!held.has(id)) this.messages.delete(id);
    // Zero is always a safe lower bound, so what the store no longer holds needs no count.
    for (const id of this.editsSeen.keys()) if (!held.has(id)) this.editsSeen.delete(id);
  }
}

function spanOf(ids: readonly number[]): Focus | undefined {
  return ids.length === 0 ? undefined : { lo: ids[0] as number, hi: ids.at(-1) as number };
}
