/**
 * An edit form's values against the server's version they started from. When the server's
 * version changes under the form (another administrator's save, arriving as an event), each
 * field the user left alone follows it; a field both changed stops the form with
 * CONFLICT_SENTENCE until the user reloads (takes the other version) or keeps their text
 * (and may then save it over the other change knowingly). A save is never sent while the
 * form is in that state.
 */
export const CONFLICT_SENTENCE =
  'Changed by someone else while you were editing: reload or keep your text.';

import { untrack } from 'svelte';
import { copy, mergeDraft, sameDraft } from './merge-draft.ts';

/** What the conflict note reads and acts on, whatever the form's values. */
export interface Conflict {
  readonly conflict: boolean;
  readonly refused: boolean;
  reload(): void;
  keep(): void;
}

export class Draft<T extends Record<string, unknown>> implements Conflict {
  /** What the form's inputs are bound to. */
  value: T = $state() as T;
  /** Someone else changed a field the user changed too. */
  conflict = $state(false);
  /** A save was refused because of the conflict. */
  refused = $state(false);
  /** The server's version the form's changes are relative to. */
  #base: T = $state.raw() as T;

  constructor(start: T) {
    this.value = copy(start);
    this.#base = copy(start);
  }

  get base(): T {
    return this.#base;
  }

  /** Takes the server's version as it is now (after a reload). */
  follow(server: T): void {
    if (sameDraft(server, this.#base)) return;
    const merged = mergeDraft(this.#base, this.value, server);
    // Only the fields that followed change, so an input being typed into keeps its caret.
    for (const key of Object.keys(merged.value) as (keyof T)[])
      if (!sameDraft(merged.value[key], this.value[key])) this.value[key] = merged.value[key];
    this.#base = copy(server);
    if (merged.conflict) this.conflict = true;
  }

  /** Drops the user's text for the server's version. */
  reload(): void {
    this.value = copy(this.#base);
    this.conflict = this.refused = false;
  }

  /** Keeps the user's text; the next save replaces the other change knowingly. */
  keep(): void {
    this.conflict = this.refused = false;
  }

  /** Whether a save may go ahead; if not, the refusal shows. */
  maySave(): boolean {
    this.refused = this.conflict;
    return !this.conflict;
  }
}

/**
 * A draft of `item()` (the list's live copy of what the form edits) that follows each new
 * version the list reloads. Call while a component initializes.
 */
export function followingDraft<S, T extends Record<string, unknown>>(
  item: () => S,
  fieldsOf: (s: S) => T,
): Draft<T> {
  const draft = new Draft(fieldsOf(item()));
  $effect(() => {
    const server = fieldsOf(item());
    untrack(() => draft.follow(server));
  });
  return draft;
}

/**
 * Saves only against the server's version of right now: `latest` reloads it (undefined once
 * deleted, which the panel reports), the draft merges it, and `send` runs only if nothing
 * the user changed was changed by someone else meanwhile.
 */
export async function saveChecked<S, T extends Record<string, unknown>>(
  draft: Draft<T>,
  latest: () => Promise<S | undefined>,
  fieldsOf: (s: S) => T,
  send: (now: S) => unknown,
): Promise<void> {
  if (!draft.maySave()) return;
  const now = await latest();
  if (now === undefined) return;
  draft.follow(fieldsOf(now));
  if (draft.maySave()) await send(now);
}
