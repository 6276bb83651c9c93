/**
 * docs/notifications.md "Rule A2" (never notified twice): the message ids an account has
 * already decided. The set is bounded; ids fall out smallest first and everything at or below
 * the highest evicted id still counts as decided, since message ids only grow.
 */
const KEPT = 10_000;

export class DecidedSet {
  private readonly ids = new Set<number>();
  private floor = -Infinity;

  has(id: number): boolean {
    return id <= this.floor || this.ids.has(id);
  }

  /** Marks the id decided; false when it already was. */
  add(id: number): boolean {
    if (this.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > KEPT) this.evict();
    return true;
  }

  private evict(): void {
    const sorted = [...this.ids].sort((a, b) => a - b);
    for (const id of sorted.slice(0, sorted.length - KEPT / 2)) {
      this.ids.delete(id);
      this.floor = Math.max(this.floor, id);
    }
  }
}
