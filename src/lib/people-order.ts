/**
 * The People list's order, as upstream's buddy list has it: active people first, then idle,
 * then offline, each group alphabetical. The Core sorts with it and the renderer keeps a
 * changed row in place with it.
 */
interface Ranked {
  name: string;
  presence: 'active' | 'idle' | 'offline';
}

const RANK = { active: 0, idle: 1, offline: 2 } as const;
/**
 * Made at the first sort: making a collator loads ICU's collation data, 5 to 9 ms of CPU
 * that every start paid before the Core's first line (bench/README.md, `cache-start`).
 */
let collator: Intl.Collator | undefined;

export function byPresenceThenName(a: Ranked, b: Ranked): number {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return RANK[a.presence] - RANK[b.presence] || collator.compare(a.name, b.name);
}
