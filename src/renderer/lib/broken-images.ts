/**
 * Image addresses that failed to load in this window, so a row drawn later with the same
 * avatar shows its initials at once: the browser keeps no failed answer, and each new row
 * would otherwise ask the server again and redraw on the error, once per incoming message.
 * An avatar changed on the server comes with a new `version` in its address, so it is tried
 * afresh.
 */
const broken = new Set<string>();
const KEPT = 500;

export function isBroken(url: string): boolean {
  return broken.has(url);
}

export function markBroken(url: string): void {
  if (broken.size >= KEPT) broken.clear();
  broken.add(url);
}
