/**
 * Links to a message of the same organization (`…/#narrow/…/near/123` or `/with/123`, as the
 * service's web app writes them) open here at that message instead of in the browser.
 */
export function linkedMessageId(href: string, serverUrl: string): number | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(serverUrl).origin || !url.hash.startsWith('#narrow/'))
    return undefined;
  const match = /\/(?:near|with)\/(\d+)(?:\/|$)/.exec(url.hash);
  return match ? Number(match[1]) : undefined;
}

/** A conversation a link of this organization points at (`#narrow/channel/12-name/topic/…`). */
export interface LinkedConversation {
  streamId: number;
  topic?: string;
}

// The web app writes hash components as encodeURIComponent with `%` turned into `.`.
function decodeHashComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('.', '%'));
  } catch {
    return undefined;
  }
}

export function linkedConversation(
  href: string,
  serverUrl: string,
): LinkedConversation | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(serverUrl).origin) return undefined;
  const match =
    /^#narrow\/(?:channel|stream)\/(\d+)(?:-[^/]*)?(?:\/(?:topic|subject)\/([^/]+))?\/?$/.exec(
      url.hash,
    );
  if (!match) return undefined;
  const topic = match[2] === undefined ? undefined : decodeHashComponent(match[2]);
  if (match[2] !== undefined && topic === undefined) return undefined;
  return topic === undefined
    ? { streamId: Number(match[1]) }
    : { streamId: Number(match[1]), topic };
}

/**
 * The message a pasted link (of any organization: the bar does not know which one it came
 * from) or a bare message number points at, for the narrow bar's "A linked message".
 */
export function linkedId(text: string): number | undefined {
  const typed = text.trim();
  const match = /^\d+$/.test(typed) ? [typed, typed] : /\/(?:near|with)\/(\d+)\/?$/.exec(typed);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
