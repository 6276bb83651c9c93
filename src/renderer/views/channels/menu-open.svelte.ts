/**
 * Which channel menu is open, held outside the menu itself: a change the menu makes can
 * move its channel elsewhere in the sidebar (pinning it puts it under Pinned), which draws
 * the channel's row, and its menu, anew. The new menu finds itself open where the old one
 * was, so the user goes on with the next setting. A menu that is gone for good (the view
 * left) closes it.
 */
interface Open {
  key: string;
  top: number;
  left: number;
}

export const openMenu = $state<{ now: Open | undefined }>({ now: undefined });

/** Menus drawn per key; read only by the closing check, never by markup. */
const mounted: Record<string, number> = {};

/** A menu for `key` is drawn; returns what to call when it is taken away. */
export function menuMounted(key: string): () => void {
  mounted[key] = (mounted[key] ?? 0) + 1;
  return () => {
    const left = (mounted[key] ?? 1) - 1;
    if (left > 0) mounted[key] = left;
    else delete mounted[key];
    // A row drawn anew mounts its menu in the same update: only a menu not back by then closes.
    queueMicrotask(() => {
      if (mounted[key] === undefined && openMenu.now?.key === key) openMenu.now = undefined;
    });
  };
}
