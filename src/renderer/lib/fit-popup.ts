/**
 * A popup (a message's menu, the emoji picker) opens below what opened it, inside a list
 * that scrolls. Near the list's bottom (where the newest message, the one most often acted
 * on, sits) it would be cut off by the list's edge: then, with more room above, it opens
 * above instead. Placement is taken again whenever the popup changes size, and whenever the
 * list under it scrolls or changes height while it is open (a message arriving at the newest
 * end, rows drawn above as the list settles, the reader scrolling): placed only once, a
 * popup is carried with its message by such a move, past the list's edge if it goes far.
 */

function scrollerOf(node: HTMLElement): HTMLElement | undefined {
  for (let el = node.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'hidden') return el;
  }
  return undefined;
}

/**
 * Which side the popup goes: below (from `belowTop`, where its CSS puts it) unless it is cut
 * off there and there is more room above its anchor (whose top is `anchorTop`).
 */
export function sideFor(
  popupHeight: number,
  at: { belowTop: number; anchorTop: number },
  room: { top: number; bottom: number },
): 'below' | 'above' {
  const below = room.bottom - at.belowTop;
  const above = at.anchorTop - room.top;
  return popupHeight <= below || below >= above ? 'below' : 'above';
}

/** Svelte action: the node is absolutely placed under its offset parent by its own CSS. */
export function fitPopup(node: HTMLElement): { destroy(): void } {
  const scroller = scrollerOf(node);
  const place = () => {
    const anchor = (node.offsetParent ?? node.parentElement)?.getBoundingClientRect();
    if (!anchor) return;
    const box = scroller?.getBoundingClientRect();
    const room = {
      top: Math.max(box?.top ?? 0, 0),
      bottom: Math.min(box?.bottom ?? window.innerHeight, window.innerHeight),
    };
    // Measured where its own CSS puts it, below, at its whole height.
    node.style.top = '';
    node.style.bottom = '';
    node.style.maxHeight = '';
    node.style.overflowY = '';
    const natural = node.getBoundingClientRect();
    const side = sideFor(natural.height, { belowTop: natural.top, anchorTop: anchor.top }, room);
    node.dataset.side = side;
    if (side === 'above') {
      node.style.top = 'auto';
      node.style.bottom = '100%';
    }
    // Too tall for either side (a short list, a long menu): it keeps to the list and scrolls.
    const fits = side === 'below' ? room.bottom - natural.top : anchor.top - room.top;
    if (natural.height > fits && fits > 0) {
      node.style.maxHeight = `${Math.floor(fits)}px`;
      node.style.overflowY = 'auto';
    }
  };
  place();
  const observer = new ResizeObserver(place);
  observer.observe(node);
  if (scroller) observer.observe(scroller);
  scroller?.addEventListener('scroll', place, { passive: true });
  return {
    destroy: () => {
      observer.disconnect();
      scroller?.removeEventListener('scroll', place);
    },
  };
}
