/**
 * One user's message history: the ids of the messages the user received, in increasing
 * order, each with its flag bits. Messages only ever get larger ids, so appending keeps
 * the order and lookups are binary searches.
 */
export class History {
  private idsBuf = new Int32Array(64);
  private flagsBuf = new Uint16Array(64);
  private size = 0;

  get length(): number {
    return this.size;
  }

  idAt(index: number): number {
    return this.idsBuf[index] ?? 0;
  }

  flagsAt(index: number): number {
    return this.flagsBuf[index] ?? 0;
  }

  append(id: number, flags: number): void {
    if (this.size === this.idsBuf.length) this.grow();
    this.idsBuf[this.size] = id;
    this.flagsBuf[this.size] = flags;
    this.size++;
  }

  /** Index of the first entry whose id is >= `id` (== length when there is none). */
  lowerBound(id: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.idsBuf[mid] ?? 0) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  indexOf(id: number): number {
    const i = this.lowerBound(id);
    return i < this.size && this.idsBuf[i] === id ? i : -1;
  }

  flagsOf(id: number): number | undefined {
    const i = this.indexOf(id);
    return i < 0 ? undefined : this.flagsAt(i);
  }

  /** Sets or clears `bits` on message `id`; returns whether the flags changed. */
  update(id: number, bits: number, on: boolean): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    const before = this.flagsBuf[i] ?? 0;
    const after = on ? before | bits : before & ~bits;
    this.flagsBuf[i] = after;
    return after !== before;
  }

  /** Sets `bits` on every message older than `id` (e.g. to mark old history read). */
  setBelow(id: number, bits: number): void {
    const end = this.lowerBound(id);
    for (let i = 0; i < end; i++) this.flagsBuf[i] = (this.flagsBuf[i] ?? 0) | bits;
  }

  /** Inserts a message the user did not receive (e.g. starring public history). */
  insert(id: number, flags: number): void {
    const i = this.lowerBound(id);
    if (i < this.size && this.idsBuf[i] === id) return;
    if (this.size === this.idsBuf.length) this.grow();
    this.idsBuf.copyWithin(i + 1, i, this.size);
    this.flagsBuf.copyWithin(i + 1, i, this.size);
    this.idsBuf[i] = id;
    this.flagsBuf[i] = flags;
    this.size++;
  }

  /** Takes a message out (deleted, or moved where the user may no longer read it). */
  remove(id: number): void {
    const i = this.indexOf(id);
    if (i < 0) return;
    this.idsBuf.copyWithin(i, i + 1, this.size);
    this.flagsBuf.copyWithin(i, i + 1, this.size);
    this.size--;
  }

  private grow(): void {
    const ids = new Int32Array(this.idsBuf.length * 2);
    ids.set(this.idsBuf);
    const flags = new Uint16Array(this.flagsBuf.length * 2);
    flags.set(this.flagsBuf);
    this.idsBuf = ids;
    this.flagsBuf = flags;
  }
}
