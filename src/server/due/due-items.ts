/**
 * What falls due at a time on the server's clock (reminders, scheduled messages): each item
 * belongs to one user and has one timer, set through the context's injectable clock
 * (src/lib/clock.ts) so tests drive time instead of waiting for it.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import type { TimerHandle } from '../../lib/clock.ts';
import { badRequest } from '../http/errors.ts';

interface Slot<T> {
  item: T;
  owner: number;
  timer: TimerHandle | undefined;
}

export class DueItems<T> {
  private readonly slots = new Map<number, Slot<T>>();

  /** `onDue` runs once the item's time has come; the item stays until it is deleted. */
  constructor(
    private readonly ctx: ServerContext,
    private readonly onDue: (id: number, item: T, owner: number) => void,
  ) {}

  /** Adds the item, or replaces it and its time; a time already past falls due at once. */
  set(id: number, owner: number, item: T, at: number): void {
    this.stop(this.slots.get(id));
    const slot: Slot<T> = { item, owner, timer: undefined };
    this.slots.set(id, slot);
    // Due at the start of second `at`: measured from the clock's milliseconds, as a delay
    // from the floored second would fall due up to a second after the time it was set for.
    const delay = Math.max(0, at * 1000 - this.ctx.clock.now());
    slot.timer = this.ctx.clock.setTimeout(() => {
      slot.timer = undefined;
      this.onDue(id, slot.item, owner);
    }, delay);
  }

  /** Replaces the item and keeps its time (and its timer, or the lack of one). */
  replace(id: number, item: T): void {
    const slot = this.slots.get(id);
    if (slot) slot.item = item;
  }

  /** The item if `userId` owns it. */
  owned(userId: number, id: number): T | undefined {
    const slot = this.slots.get(id);
    return slot?.owner === userId ? slot.item : undefined;
  }

  /** The user's items, in the order they were added. */
  ownedBy(userId: number): T[] {
    return [...this.slots.values()].filter((s) => s.owner === userId).map((s) => s.item);
  }

  /** Takes the item out, its timer with it. */
  delete(id: number): void {
    this.stop(this.slots.get(id));
    this.slots.delete(id);
  }

  private stop(slot: Slot<T> | undefined): void {
    if (slot?.timer !== undefined) this.ctx.clock.clearTimeout(slot.timer);
  }
}

/** Upstream's answer to a delivery time that is not in the future. */
export function futureTime(ctx: ServerContext, at: number): number {
  if (at <= nowSeconds(ctx)) throw badRequest('Scheduled delivery time must be in the future.');
  return at;
}
