/**
 * Quote and reply, and links to a message, written as the service's web app writes them so
 * that other clients render and follow them the same way.
 */
import type { MessageWire } from '../../../../contract/schemas/messages.ts';

// The web app's hash encoding: encodeURIComponent with `%` turned into `.`.
function hashEncode(text: string): string {
  return encodeURIComponent(text).replace(/\./g, '%2E').replace(/%/g, '.');
}

export function messageLink(serverUrl: string, m: MessageWire): string {
  const base = serverUrl.replace(/\/+$/, '');
  if (m.type === 'stream' && typeof m.display_recipient === 'string') {
    const channel = `${m.stream_id ?? 0}-${hashEncode(m.display_recipient)}`;
    return `${base}/#narrow/channel/${channel}/topic/${hashEncode(m.subject)}/near/${m.id}`;
  }
  const ids = Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.id) : [];
  return `${base}/#narrow/dm/${ids.join(',')}-dm/near/${m.id}`;
}

/** A fence longer than any backtick run in the text, so the quote cannot end early. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((r) => r[0].length));
  return '`'.repeat(longest + 1);
}

/** `@_**Name|id** [said](link):` and the source in a quote block, then a blank line. */
export function quoteBlock(serverUrl: string, m: MessageWire, source: string): string {
  const f = fence(source);
  const who = `@_**${m.sender_full_name}|${m.sender_id}**`;
  return `${who} [said](${messageLink(serverUrl, m)}):\n${f}quote\n${source}\n${f}\n\n`;
}
