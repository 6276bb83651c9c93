/**
 * Layout of a windowed list of variable-height rows: each row's offset from measured
 * heights (an estimate until measured), which rows intersect the viewport plus a margin,
 * and a scroll anchor (a row and its distance from the top of the viewport) that keeps what
 * the user looks at in place when rows are inserted above or measured differently.
 */
export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
}

export interface ScrollAnchor {
  key: number;
  /** The row's top minus scrollTop at the time the anchor was taken. */
  delta: number;
}

export class VirtualRows {
  readonly #heights = new Map<number, number>();
  #keys: readonly number[] = [];
  #offsets: number[] = [0];
  #index = new Map<number, number>();

  constructor(
    private readonly estimate: number,
    /** The most rows ever returned by `window`, whatever the viewport. */
    readonly maxRows: number,
  ) {}

  /**
   * The rows, in order. `known` holds heights measured when these rows were shown before
   * (the same list opened again): taken where nothing newer was measured, so the first
   * layout is already right and settles without measuring rounds.
   */
  setKeys(keys: readonly number[], known?: ReadonlyMap<number, number>): void {
    if (!known && this.#appends(keys)) return;
    this.#keys = keys;
    this.#index = new Map(keys.map((k, i) => [k, i]));
    for (const key of this.#heights.keys()) if (!this.#index.has(key)) this.#heights.delete(key);
    if (known) {
      for (const [key, height] of known) {
        if (this.#index.has(key) && !this.#heights.has(key)) this.#heights.set(key, height);
      }
    }
    this.#layout();
  }

  /** The heights measured so far, to hand to setKeys when this list is shown again. */
  measured(): Map<number, number> {
    return new Map(this.#heights);
  }

  /**
   * Records measured heights; true when any changed. Only the offsets from the first row
   * whose height changed are computed again: a message arriving at the end of a long history
   * is measured alone, and laying every row out again for it walked the whole list
   * (bench/README.md, `background`).
   */
  measure(measured: Iterable<[key: number, height: number]>): boolean {
    let from = Infinity;
    for (const [key, height] of measured) {
      const i = this.#index.get(key);
      if (i === undefined || this.#heights.get(key) === height) continue;
      this.#heights.set(key, height);
      from = Math.min(from, i);
    }
    if (from === Infinity) return false;
    // An id listed twice (the index keeps its later place) changes an earlier row too.
    this.#layoutFrom(this.#index.size === this.#keys.length ? from : 0);
    return true;
  }

  get total(): number {
    return this.#offsets[this.#keys.length] ?? 0;
  }

  offsetOf(key: number): number | undefined {
    const i = this.#index.get(key);
    return i === undefined ? undefined : this.#offsets[i];
  }

  /** The index of the row covering a y position (clamped to the list). */
  indexAt(y: number): number {
    let lo = 0;
    let hi = this.#keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#offsets[mid] ?? 0) <= y) lo = mid;
      else hi = mid - 1;
    }
    return Math.max(0, lo);
  }

  window(scrollTop: number, viewport: number, overscan: number): RowWindow {
    if (this.#keys.length === 0) return { start: 0, end: 0 };
    const start = this.indexAt(Math.max(0, scrollTop - overscan));
    let end = this.indexAt(scrollTop + viewport + overscan) + 1;
    end = Math.min(end, start + this.maxRows, this.#keys.length);
    return { start, end };
  }

  anchorAt(scrollTop: number): ScrollAnchor | undefined {
    if (this.#keys.length === 0) return undefined;
    const i = this.indexAt(scrollTop);
    const key = this.#keys[i] as number;
    return { key, delta: (this.#offsets[i] ?? 0) - scrollTop };
  }

  /** Where to scroll so the anchor's row sits where it was; undefined if it is gone. */
  restore(anchor: ScrollAnchor): number | undefined {
    const offset = this.offsetOf(anchor.key);
    return offset === undefined ? undefined : offset - anchor.delta;
  }

  /**
   * Takes `keys` as the rows kept plus rows added after them, if they are: the index and the
   * offsets are extended instead of made anew. A message arriving at the end of a long
   * history (a narrow holds up to thousands) otherwise rebuilt a map and an array of every
   * row, garbage for each incoming message (bench/README.md, `background`).
   */
  #appends(keys: readonly number[]): boolean {
    const kept = this.#keys.length;
    if (keys.length <= kept) return false;
    for (let i = 0; i < kept; i++) if (keys[i] !== this.#keys[i]) return false;
    let y = this.#offsets[kept] ?? 0;
    for (let i = kept; i < keys.length; i++) {
      // A new row has no height yet (setKeys drops those of rows gone), unless its id was
      // already in the list: as in `#layout`, the later place wins the index.
      const key = keys[i] as number;
      this.#index.set(key, i);
      this.#offsets[i] = y;
      y += this.#heights.get(key) ?? this.estimate;
    }
    this.#offsets[keys.length] = y;
    this.#keys = keys;
    return true;
  }

  /** The offsets from row `from` on, from the heights; those above it stand. */
  #layoutFrom(from: number): void {
    const offsets = this.#offsets;
    let y = offsets[from] ?? 0;
    for (let i = from; i < this.#keys.length; i++) {
      offsets[i] = y;
      y += this.#heights.get(this.#keys[i] as number) ?? this.estimate;
    }
    offsets[this.#keys.length] = y;
  }

  #layout(): void {
    const offsets = new Array<number>(this.#keys.length + 1);
    let y = 0;
    for (let i = 0; i < this.#keys.length; i++) {
      offsets[i] = y;
      y += this.#heights.get(this.#keys[i] as number) ?? this.estimate;
    }
    offsets[this.#keys.length] = y;
    this.#offsets = offsets;
  }
}
