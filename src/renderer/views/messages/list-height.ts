/**
 * The message list's height before the page is laid out: the window's inner height less what
 * the list's surroundings (header, narrow bar, compose box) took when it was last laid out.
 * Asking the scroller instead lays the page out before the rows are in, and again with them
 * (bench/README.md, `background`, the tab reopened). An estimate only: the list reads its
 * real height once laid out, and a stale one draws a row too many or too few for a frame.
 */
const KEY = 'perch.messageListChrome';

let kept: number | undefined;

export function estimatedListHeight(): number {
  if (kept === undefined) {
    const stored = Number(readStored());
    kept = Number.isFinite(stored) && stored >= 0 ? stored : 0;
  }
  return Math.max(0, window.innerHeight - kept);
}

/** Remembers the surroundings' height from a laid-out list, for the next window. */
export function keepListHeight(height: number): void {
  const chrome = Math.max(0, window.innerHeight - height);
  if (chrome === kept) return;
  kept = chrome;
  try {
    localStorage.setItem(KEY, String(chrome));
  } catch {
    // Storage refused (full, or off): the next window estimates from the window alone.
  }
}

function readStored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
