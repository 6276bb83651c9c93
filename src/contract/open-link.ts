/**
 * A conversation to open, carried in the page's URL: browser mode opens a tab on it when a
 * notification is clicked with no Perch tab open (docs/notifications.md "D-Bus"), and the
 * page reads it once it starts. The page checks it like any pushed target before using it.
 */
import { OPEN_PARAM } from './open-param.ts';
import { OpenTargetWire } from './schemas/open-target.ts';

/** `base` (the host's URL with its token) with the target added. */
export function withOpenTarget(base: string, target: OpenTargetWire): string {
  const url = new URL(base);
  url.searchParams.set(OPEN_PARAM, JSON.stringify(OpenTargetWire.parse(target)));
  return url.href;
}

/** The target a URL carries, or undefined when it has none or not a valid one. */
export function openTargetIn(search: string): OpenTargetWire | undefined {
  const raw = new URLSearchParams(search).get(OPEN_PARAM);
  if (raw === null) return undefined;
  try {
    const parsed = OpenTargetWire.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
