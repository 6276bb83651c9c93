/**
 * The keys of an open completion list, shared by the message box and the recipient picker:
 * arrows move, Tab or Enter pick, Escape closes. Returns what the key did, or undefined when
 * it was not the list's (and so should reach the box).
 */
export type ListKey = { move: number } | 'pick' | 'close';

export function listKey(e: KeyboardEvent, size: number): ListKey | undefined {
  if (size === 0) return undefined;
  if (e.key === 'ArrowDown') return { move: 1 };
  if (e.key === 'ArrowUp') return { move: -1 };
  if (
    (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey) ||
    (e.key === 'Tab' && !e.shiftKey)
  )
    return 'pick';
  if (e.key === 'Escape') return 'close';
  return undefined;
}

/** The next active index after a move, wrapping at both ends. */
export function moved(active: number, step: number, size: number): number {
  return (active + step + size) % size;
}
