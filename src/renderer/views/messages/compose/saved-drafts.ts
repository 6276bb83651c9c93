/**
 * Drafts the Core keeps across restarts: read once per window into the account's place, and
 * written back as the user types (a short pause after the last keystroke), so quitting
 * Perch mid-sentence loses at most that pause. A save that fails costs only the restore.
 */
import type { Invoke } from '../../../lib/rpc-port.ts';
import type { Draft } from '../places.ts';

/** How long typing may pause before the draft is written. */
const PAUSE_MS = 400;

/** Adds the kept drafts the window does not hold already (the window's are newer). */
export async function loadSavedDrafts(
  saver: DraftSaver,
  drafts: Map<string, Draft>,
): Promise<void> {
  const saved = await saver.invoke('drafts.list', { accountId: saver.accountId });
  for (const { key, content, topic, recipient, where } of saved) {
    const draft: Draft = {
      content,
      topic,
      ...(recipient ? { recipient } : {}),
      ...(where ? { where } : {}),
    };
    saver.known(key, draft);
    if (!drafts.has(key)) drafts.set(key, draft);
  }
}

export class DraftSaver {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #waiting = new Map<string, Draft | undefined>();
  /** What the Core last heard per narrow: reopening a narrow does not write it again. */
  readonly #written = new Map<string, string>();

  constructor(
    readonly invoke: Invoke,
    readonly accountId: string,
  ) {}

  /** Writes after the pause; an empty text deletes the narrow's draft. */
  save(key: string, draft: Draft): void {
    const kept = draft.content.trim() === '' ? undefined : draft;
    const text = JSON.stringify(kept ?? null);
    const pending = this.#timers.has(key);
    // Nothing kept for it and nothing on its way: an empty narrow needs no request.
    if (!pending && (this.#written.get(key) ?? 'null') === text) return;
    this.#waiting.set(key, kept);
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => this.#send(key), PAUSE_MS),
    );
  }

  /** Deleted at once: the user asked for it. */
  delete(key: string): void {
    clearTimeout(this.#timers.get(key));
    this.#timers.delete(key);
    this.#waiting.set(key, undefined);
    this.#send(key);
  }

  /** Writes everything still waiting (the view is closing). */
  flush(): void {
    for (const key of [...this.#timers.keys()]) {
      clearTimeout(this.#timers.get(key));
      this.#send(key);
    }
  }

  /** What the Core answered the list with: it has this already. */
  known(key: string, draft: Draft): void {
    this.#written.set(key, JSON.stringify(draft));
  }

  #send(key: string): void {
    this.#timers.delete(key);
    const draft = this.#waiting.get(key);
    this.#waiting.delete(key);
    this.#written.set(key, JSON.stringify(draft ?? null));
    const { accountId } = this;
    const done = draft
      ? this.invoke('drafts.save', {
          accountId,
          draft: {
            key,
            content: draft.content,
            topic: draft.topic,
            ...(draft.recipient ? { recipient: draft.recipient } : {}),
            ...(draft.target ? { target: draft.target } : {}),
            ...(draft.where ? { where: draft.where } : {}),
          },
        })
      : this.invoke('drafts.delete', { accountId, key });
    // Not written: the next change tries again.
    done.catch(() => this.#written.delete(key));
  }
}
