/**
 * Opens a person's card from anywhere in an account's Messages view: a sender's name or
 * avatar, a direct message in the sidebar, a row of the People list. The card remembers
 * what opened it, to give the focus back there when it closes.
 */
import { getContext, setContext } from 'svelte';

const KEY = Symbol('person-card');

export class CardOpener {
  /** The person whose card is open, and the control it was opened from. */
  open = $state.raw<{ userId: number; from: HTMLElement } | undefined>();

  show(userId: number, from: HTMLElement): void {
    this.open = { userId, from };
  }

  close(): void {
    const from = this.open?.from;
    this.open = undefined;
    if (from?.isConnected) from.focus();
  }
}

export function provideCards(opener: CardOpener): void {
  setContext(KEY, opener);
}

export function useCards(): CardOpener | undefined {
  return getContext<CardOpener | undefined>(KEY);
}
