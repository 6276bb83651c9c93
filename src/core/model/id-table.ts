/**
 * Message ids mapped to one small non-negative integer each, in sorted typed arrays: 8
 * bytes an id instead of a Map entry and an object (about 165 bytes together).
 * New messages arrive with the highest id and are appended; an id arriving out of order
 * goes into a short sorted side buffer, merged in once it grows past about the square
 * root of the table, so loading a million ids in any order stays near-linear. A deleted
 * id leaves a tombstone, swept once they are half of the table.
 */
const NONE = -1;

function lowerBound(keys: Int32Array, len: number, id: number): number {
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function grown(array: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= array.length) return array;
  const next = new Int32Array(Math.max(need, Math.ceil(array.length * 1.5), 16));
  next.set(array);
  return next;
}

export class IdTable {
  #keys = new Int32Array(0);
  #vals = new Int32Array(0);
  #len = 0;
  #dead = 0;
  #bufKeys = new Int32Array(0);
  #bufVals = new Int32Array(0);
  #bufLen = 0;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Bytes held by the arrays (their capacity, not only the used part). */
  get bytes(): number {
    return (
      this.#keys.byteLength +
      this.#vals.byteLength +
      this.#bufKeys.byteLength +
      this.#bufVals.byteLength
    );
  }

  /** The id's value, or -1 when the id is not in the table. */
  get(id: number): number {
    const i = lowerBound(this.#keys, this.#len, id);
    if (i < this.#len && this.#keys[i] === id) return this.#vals[i] as number;
    const j = lowerBound(this.#bufKeys, this.#bufLen, id);
    if (j < this.#bufLen && this.#bufKeys[j] === id) return this.#bufVals[j] as number;
    return NONE;
  }

  /** Sets the id's value (`value` >= 0). */
  set(id: number, value: number): void {
    const len = this.#len;
    if (len === 0 || id > (this.#keys[len - 1] as number)) {
      // Every buffered id is below the table's last: a newer id is appended.
      this.#keys = grown(this.#keys, len + 1);
      this.#vals = grown(this.#vals, len + 1);
      this.#keys[len] = id;
      this.#vals[len] = value;
      this.#len++;
      this.#size++;
      return;
    }
    const i = lowerBound(this.#keys, len, id);
    if (this.#keys[i] === id) {
      if (this.#vals[i] === NONE) {
        this.#dead--;
        this.#size++;
      }
      this.#vals[i] = value;
      return;
    }
    const j = lowerBound(this.#bufKeys, this.#bufLen, id);
    if (j < this.#bufLen && this.#bufKeys[j] === id) {
      this.#bufVals[j] = value;
      return;
    }
    this.#bufKeys = grown(this.#bufKeys, this.#bufLen + 1);
    this.#bufVals = grown(this.#bufVals, this.#bufLen + 1);
    this.#bufKeys.copyWithin(j + 1, j, this.#bufLen);
    this.#bufVals.copyWithin(j + 1, j, this.#bufLen);
    this.#bufKeys[j] = id;
    this.#bufVals[j] = value;
    this.#bufLen++;
    this.#size++;
    if (this.#bufLen > Math.max(256, 2 * Math.sqrt(this.#len))) this.#merge();
  }

  /** Removes the id; false when it was not there. */
  delete(id: number): boolean {
    const i = lowerBound(this.#keys, this.#len, id);
    if (i < this.#len && this.#keys[i] === id && this.#vals[i] !== NONE) {
      this.#vals[i] = NONE;
      this.#dead++;
      this.#size--;
      if (this.#dead > 1024 && this.#dead * 2 > this.#len) this.#merge();
      return true;
    }
    const j = lowerBound(this.#bufKeys, this.#bufLen, id);
    if (j >= this.#bufLen || this.#bufKeys[j] !== id) return false;
    this.#bufKeys.copyWithin(j, j + 1, this.#bufLen);
    this.#bufVals.copyWithin(j, j + 1, this.#bufLen);
    this.#bufLen--;
    this.#size--;
    return true;
  }

  clear(): void {
    this.#keys = new Int32Array(0);
    this.#vals = new Int32Array(0);
    this.#bufKeys = new Int32Array(0);
    this.#bufVals = new Int32Array(0);
    this.#len = this.#dead = this.#bufLen = this.#size = 0;
  }

  /** Every id with its value, ascending. The table must not change meanwhile. */
  *entries(): IterableIterator<[number, number]> {
    this.#merge();
    for (let i = 0; i < this.#len; i++) {
      const v = this.#vals[i] as number;
      if (v !== NONE) yield [this.#keys[i] as number, v];
    }
  }

  /**
   * Calls `visit` with every id and its value, ascending, making no pair per id as `entries`
   * does: the unread summary walks every unread message this way for each sidebar rebuild.
   * The table must not change meanwhile.
   */
  forEach(visit: (id: number, value: number) => void): void {
    this.#merge();
    for (let i = 0; i < this.#len; i++) {
      const v = this.#vals[i] as number;
      if (v !== NONE) visit(this.#keys[i] as number, v);
    }
  }

  /** Replaces every value by `next(id, value)` in one pass (ids stay). */
  remap(next: (id: number, value: number) => number): void {
    this.#merge();
    for (let i = 0; i < this.#len; i++) {
      const v = this.#vals[i] as number;
      if (v !== NONE) this.#vals[i] = next(this.#keys[i] as number, v);
    }
  }

  /** Folds the side buffer in and sweeps the tombstones, into arrays of just the right size. */
  #merge(): void {
    if (this.#bufLen === 0 && this.#dead === 0) return;
    const keys = new Int32Array(this.#size);
    const vals = new Int32Array(this.#size);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < this.#len || j < this.#bufLen) {
      const fromBuffer =
        i >= this.#len ||
        (j < this.#bufLen && (this.#bufKeys[j] as number) < (this.#keys[i] as number));
      if (fromBuffer) {
        keys[n] = this.#bufKeys[j] as number;
        vals[n++] = this.#bufVals[j++] as number;
        continue;
      }
      const v = this.#vals[i] as number;
      if (v !== NONE) {
        keys[n] = this.#keys[i] as number;
        vals[n++] = v;
      }
      i++;
    }
    this.#keys = keys;
    this.#vals = vals;
    this.#len = n;
    this.#dead = 0;
    this.#bufKeys = new Int32Array(0);
    this.#bufVals = new Int32Array(0);
    this.#bufLen = 0;
  }
}
