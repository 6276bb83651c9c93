/**
 * Where the user was in each account's messages: the narrow, the message they were on, and
 * their unsent drafts per narrow. Kept for the window's lifetime so switching accounts (or
 * sections) and back lands in the same place.
 */
import type { NarrowTermWire } from '../../../contract/schemas/messages.ts';
import type { Recipient } from './compose/recipient.ts';
import type { AnchorChoice } from './timeline.svelte.ts';

export interface Draft {
  content: string;
  topic: string;
  recipient?: Recipient;
  /** Where it goes, picked or the narrow's own: what the server's copy of the draft names. */
  target?: Recipient;
  /** Where it was going, in words, for the Drafts view. */
  where?: string;
}

export interface Place {
  text: string;
  terms: NarrowTermWire[];
  anchor: AnchorChoice;
  /** The message the user was on, reopened as the anchor. */
  at: number | undefined;
  /** By narrow (as text): the unsent text, its topic and, when the user picked one, where it goes. */
  drafts: Map<string, Draft>;
  /** The Core's kept drafts were read into `drafts` (once per window). */
  draftsLoaded: boolean;
}

const places = new Map<string, Place>();

/** A signed-out account's place and unsent drafts go with it. */
export function forgetPlacesExcept(accountIds: readonly string[]): void {
  for (const id of places.keys()) if (!accountIds.includes(id)) places.delete(id);
}

/** Whether the window still remembers anything of this account. */
export function hasPlace(accountId: string): boolean {
  return places.has(accountId);
}

export function placeOf(accountId: string): Place {
  let place = places.get(accountId);
  if (!place) {
    place = {
      text: '',
      terms: [],
      anchor: { kind: 'newest' },
      at: undefined,
      drafts: new Map(),
      draftsLoaded: false,
    };
    places.set(accountId, place);
  }
  return place;
}
