/**
 * What the Core keeps of the last window, which closing destroys (docs/architecture.md
 * "No window"): where the reader left it, and its last picture. Kept in memory only, for the
 * Core's life: a restart opens at the home view, and a picture (messages' text, names) is
 * never written anywhere.
 */
import type { WindowPicture, WindowPlace } from '../contract/schemas/window.ts';
import { PICTURED_VIEWS } from '../contract/schemas/window.ts';

interface Kept extends WindowPicture {
  /** Where the window was when the picture came: it is of that place only. */
  place: WindowPlace;
  /** The accounts signed in then: a picture outlives none of them signing out. */
  accountIds: string;
}

const idsOf = (ids: readonly string[]) => [...ids].sort().join('\n');

export class WindowMemory {
  #place: WindowPlace | null = null;
  #picture: Kept | undefined;

  /** `signedIn`: the ids of the accounts signed in now. */
  constructor(private readonly signedIn: () => readonly string[]) {}

  get place(): WindowPlace | null {
    return this.#place;
  }

  setPlace(next: WindowPlace): void {
    this.#place = next;
    // A picture is of the place it was taken at; the window has moved on since.
    if (this.#picture && !samePlace(this.#picture.place, next)) this.#picture = undefined;
  }

  /** Keeps the window's picture, of the place it is at, unless that place is not pictured. */
  keepPicture(picture: WindowPicture): void {
    const place = this.#place;
    this.#picture =
      place && PICTURED_VIEWS.includes(place.view)
        ? { html: picture.html, width: picture.width, place, accountIds: idsOf(this.signedIn()) }
        : undefined;
  }

  /**
   * The picture for a window opening now: only where it is of the place the window will open
   * at, with the same accounts signed in.
   */
  picture(): WindowPicture | undefined {
    const kept = this.#picture;
    if (!kept || !this.#place || !samePlace(kept.place, this.#place)) return undefined;
    if (kept.accountIds !== idsOf(this.signedIn())) return undefined;
    return { html: kept.html, width: kept.width };
  }

  /** An account signs out: no picture of it outlives that. */
  forgetPicture(): void {
    this.#picture = undefined;
  }
}

function samePlace(a: WindowPlace, b: WindowPlace): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
