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
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function byPresenceThenName(a: Ranked, b: Ranked): number {
  return RANK[a.presence] - RANK[b.presence] || collator.compare(a.name, b.name);
}
