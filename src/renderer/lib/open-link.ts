/**
 * The conversation a tab was opened on (browser mode opens one for a notification clicked
 * with no tab open; src/contract/open-link.ts). Taken from the address bar once, so a
 * reload opens where the user went since, not the notification again.
 */
import { OPEN_PARAM } from '../../contract/open-param.ts';
import type { OpenTargetWire } from '../../contract/contract.ts';

export async function takeOpenLink(): Promise<OpenTargetWire | undefined> {
  const url = new URL(location.href);
  if (!url.searchParams.has(OPEN_PARAM)) return undefined;
  const search = url.search;
  url.searchParams.delete(OPEN_PARAM);
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  // The target's check (a zod schema) loads only for a tab opened on one: zod is not in the
  // page's first chunk (bench/README.md, `background`).
  // A check that cannot load (the host gone meanwhile) opens the window as any other start.
  const check = await import('../../contract/open-link.ts').catch(() => undefined);
  return check?.openTargetIn(search);
}
