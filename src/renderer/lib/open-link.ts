/**
 * The conversation a tab was opened on (browser mode opens one for a notification clicked
 * with no tab open; src/contract/open-link.ts). Taken from the address bar once, so a
 * reload opens where the user went since, not the notification again.
 */
import { OPEN_PARAM, openTargetIn } from '../../contract/open-link.ts';
import type { OpenTargetWire } from '../../contract/contract.ts';

export function takeOpenLink(): OpenTargetWire | undefined {
  const url = new URL(location.href);
  if (!url.searchParams.has(OPEN_PARAM)) return undefined;
  const target = openTargetIn(url.search);
  url.searchParams.delete(OPEN_PARAM);
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  return target;
}
