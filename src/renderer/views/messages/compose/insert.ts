/**
 * The one way other parts of the message window put text into compose (quote and reply,
 * uploads' links, snippets): `insertIntoCompose(text)`. The open compose registers itself;
 * with `replyTo`, compose first switches to that message's conversation. Stable API: callers
 * need not know how compose is built.
 */
import type { MessageWire } from '../../../../core/rpc/schemas/messages.ts';

export interface InsertOptions {
  /** Answer this message: compose moves to its channel and topic, or its direct conversation. */
  replyTo?: MessageWire;
}

type Inserter = (text: string, options: InsertOptions) => void;

let inserter: Inserter | undefined;

/**
 * Inserts `text` at the cursor of the open compose (replacing a selection) and focuses it.
 * Returns false when no compose is open, so the caller can say so.
 */
export function insertIntoCompose(text: string, options: InsertOptions = {}): boolean {
  if (!inserter) return false;
  inserter(text, options);
  return true;
}

/** Compose registers while it is on screen; the returned function unregisters it. */
export function provideComposeInsert(fn: Inserter): () => void {
  inserter = fn;
  return () => {
    if (inserter === fn) inserter = undefined;
  };
}
