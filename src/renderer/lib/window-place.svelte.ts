/**
 * Where the reader is in the window, told to the Core as it changes, so the next window opens
 * there (docs/architecture.md "No window"): closing the window destroys this renderer, and
 * only the Core lives on. App.svelte follows the section and the account; the Messages screen
 * says when its narrow changed, since the places it keeps (places.ts) are not reactive.
 */
import type { WindowPlace, WindowView } from '../../contract/schemas/window.ts';
import type { Place } from '../views/messages/places.ts';

export const narrowMoves = $state({ seq: 0 });

/** The Messages screen opened another narrow (or moved its anchor). */
export function narrowMoved(): void {
  narrowMoves.seq++;
}

/** The place to keep for a section, and for Messages the account's narrow and anchor. */
export function windowPlace(
  view: WindowView,
  accountId: string | undefined,
  place: Place | undefined,
): WindowPlace {
  const out: WindowPlace = { view };
  if (accountId !== undefined) out.accountId = accountId;
  if (view !== 'messages' || !place) return out;
  out.narrow = place.terms.map((t) => ({ ...t }));
  const { anchor } = place;
  if (anchor.kind === 'id') out.at = anchor.id;
  else if (anchor.kind !== 'date') out.anchor = anchor.kind;
  return out;
}
