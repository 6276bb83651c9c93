/**
 * The first page a narrow opens with, as the Messages list asks for it: one definition for
 * the list (src/renderer/views/messages/timeline.svelte.ts) and for the web host, which
 * writes the page of the narrow the last window was left on into the page it serves
 * (src/web/boot-html.ts), so a reopened window draws its rows with no round trip
 * (docs/architecture.md "No window").
 */
import type { NarrowTermWire } from './schemas/messages.ts';
import type { WindowPlace } from './schemas/window.ts';

/** How many messages a narrow opens with on each side of its anchor. */
export const FIRST_PAGE = 100;

export type OpenAnchor =
  | { kind: 'newest' }
  | { kind: 'oldest' }
  | { kind: 'first_unread' }
  | { kind: 'date'; date: string }
  | { kind: 'id'; id: number };

/** `messages.fetch`'s arguments for a narrow's first page at `anchor`. */
export function firstPageArgs(accountId: string, narrow: NarrowTermWire[], anchor: OpenAnchor) {
  return {
    accountId,
    narrow,
    anchor: anchor.kind === 'id' ? anchor.id : anchor.kind,
    ...(anchor.kind === 'date' ? { anchorDate: anchor.date } : {}),
    includeAnchor: true,
    numBefore: anchor.kind === 'oldest' ? 0 : FIRST_PAGE,
    numAfter: anchor.kind === 'newest' ? 0 : FIRST_PAGE,
  };
}

/** Where the narrow a window was left on opens again: at its message, else its anchor. */
export function leftAnchor(left: WindowPlace): OpenAnchor {
  return left.at !== undefined ? { kind: 'id', id: left.at } : { kind: left.anchor ?? 'newest' };
}

/** The same account, narrow and anchor, whatever order the terms' keys came in. */
export function firstPageKey(accountId: string, narrow: NarrowTermWire[], anchor: OpenAnchor) {
  return JSON.stringify([
    accountId,
    narrow.map((t) => [t.operator, t.operand, t.negated ?? false]),
    anchor,
  ]);
}
