import { tick } from 'svelte';

/**
 * After a menu or popup closes (Escape, or a choice made in it): focus goes back to the
 * control that opened it, as a keyboard user expects, instead of falling to the page's body
 * with the popup's removed buttons. Unless the choice has put focus somewhere on purpose
 * (an editor it opened, compose): that is left alone.
 */
export function focusBack(opener: HTMLElement | null | undefined): void {
  void tick().then(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (lost && opener?.isConnected) opener.focus();
  });
}
