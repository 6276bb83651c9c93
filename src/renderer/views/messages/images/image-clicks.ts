/**
 * A Svelte action on the message list: a click on (or Enter on the link of) an inline image
 * of a message opens the viewer instead of the raw upload in a new tab.
 */
import type { ActionReturn } from 'svelte/action';

export interface ImageClick {
  messageId: number;
  /** The link's href, as drawn. */
  href: string;
  /** The link, to return focus to. */
  link: HTMLAnchorElement;
}

export function imageClicks(
  root: HTMLElement,
  onopen: (click: ImageClick) => void,
): ActionReturn<(click: ImageClick) => void> {
  let open = onopen;
  const click = (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target instanceof Element ? e.target : null;
    const link = target?.closest<HTMLAnchorElement>('.msg-content .message_inline_image a[href]');
    const row = link?.closest<HTMLElement>('article[data-message-id]');
    if (!link || !row) return;
    e.preventDefault();
    e.stopPropagation();
    open({ messageId: Number(row.dataset.messageId), href: link.getAttribute('href')!, link });
  };
  root.addEventListener('click', click);
  return {
    update(next) {
      open = next;
    },
    destroy() {
      root.removeEventListener('click', click);
    },
  };
}
