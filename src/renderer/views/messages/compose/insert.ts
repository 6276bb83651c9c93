/**
 * The one way other parts of the message window put text into compose (quote and reply,
 * uploads' links, snippets): `insertIntoCompose(text)`. The open compose registers itself;
 * with `replyTo`, compose first switches to that message's conversation. Stable API: callers
 * need not know how compose is built.
 */
import type { MessageWire } from '../../../../contract/schemas/messages.ts';

export interface InsertOptions {
  /** Answer this message: compose moves to its channel and topic, or its direct conversation. */
  replyTo?: MessageWire;
  /** A word of its own (an upload's link): spaced from the text on either side. */
  separate?: boolean;
}

/**
 * `text` as it goes in between `before` and `after` so it stands apart: a space where it
 * would touch a word (a link glued to the previous word would not show as a link).
 */
export function separated(before: string, text: string, after: string): string {
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  // One space between the link and what follows, whichever side brings it.
  if (/^\s/.test(after)) return lead + text.trimEnd();
  return lead + text + (after === '' || /\s$/.test(text) ? '' : ' ');
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
