/**
 * A search while the account's server cannot be reached: answered from the messages kept
 * for the account (restored from its saved copy, docs/architecture.md "The cache on disk"),
 * with how many were searched, so the view can say in words what it looked through. The
 * server's full-text search stems and ranks; this only matches every word (or "quoted
 * phrase") of the search, case-insensitively, in the text or the topic, which is what a
 * reader offline can be promised.
 */
import type {
  MessageWire,
  MessagesPage,
  NarrowTermWire,
} from '../../../contract/schemas/messages.ts';
import type { AccountStore } from './account-store.ts';
import { compileNarrow, type NarrowLookup } from './narrow-match.ts';

/** The words and phrases of a search operand, lowercased. */
export function searchWords(operand: string): string[] {
  const out: string[] = [];
  for (const m of operand.toLowerCase().matchAll(/"([^"]*)"|(\S+)/g)) {
    const word = (m[1] ?? m[2] ?? '').trim();
    if (word) out.push(word);
  }
  return out;
}

/** The text a reader sees of a message (its HTML without tags), lowercased. */
function plainText(m: MessageWire): string {
  const text = m.content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return `${m.subject ?? ''}\n${text}`.toLowerCase().replace(/\s+/g, ' ');
}

export function hasSearch(narrow: readonly NarrowTermWire[]): boolean {
  return narrow.some((t) => t.operator === 'search' && !t.negated);
}

/**
 * The newest `max` kept messages matching the narrow, or undefined when its other terms
 * are ones only the server can decide (the caller then says the server cannot be reached).
 */
export function searchKept(
  store: AccountStore | undefined,
  narrow: readonly NarrowTermWire[],
  lookup: NarrowLookup | undefined,
  max: number,
): (MessagesPage & { offlineSearch: { searched: number } }) | undefined {
  const words = narrow
    .filter((t) => t.operator === 'search' && !t.negated)
    .flatMap((t) => searchWords(String(t.operand)));
  const rest = narrow.filter((t) => t.operator !== 'search');
  const compiled = rest.length === 0 ? { test: () => true } : lookup && compileNarrow(rest, lookup);
  if (!compiled) return undefined;
  const kept = [...(store?.messages.values() ?? [])];
  const found = kept
    .filter((m) => compiled.test(m))
    .filter((m) => {
      const text = plainText(m);
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => a.id - b.id)
    .slice(-Math.max(1, max));
  return {
    messages: found,
    foundAnchor: true,
    foundOldest: true,
    foundNewest: true,
    historyLimited: false,
    anchor: null,
    offlineSearch: { searched: kept.length },
  };
}
