/**
 * How many messages the Core keeps. The memory bench (bench/message-store-memory.bench.ts)
 * measures 100 000 realistic messages across five accounts well inside 200 MB of heap, so
 * that is the total. One account may hold at most 40 000 of them: ten narrows of the 4000
 * messages a view keeps loaded, while a busy organization cannot push every other
 * account's narrows out. One narrow grown past 10 000 by scrolling starts again from the
 * stretch just fetched.
 */
export interface StoreBudget {
  total: number;
  perAccount: number;
  perNarrow: number;
}

export const DEFAULT_BUDGET: StoreBudget = {
  total: 100_000,
  perAccount: 40_000,
  perNarrow: 10_000,
};
