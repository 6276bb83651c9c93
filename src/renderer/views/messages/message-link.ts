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
