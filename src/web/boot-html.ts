/**
 * Writes the first screen's state (`app.boot`) into the page the host serves, as JSON in a
 * `<script type="application/json">`, which no browser runs (so the page's CSP is unchanged):
 * the renderer paints from it before its WebSocket has answered (src/renderer/lib/boot.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '../core/core.ts';
import type { AppBoot } from '../contract/contract.ts';
import type { MessagesPage } from '../contract/schemas/messages.ts';
import { firstPageArgs, firstPageKey, leftAnchor } from '../contract/first-page.ts';

/** Must match src/renderer/lib/boot.ts. */
const BOOT_ELEMENT_ID = 'perch-boot';

/**
 * JSON safe inside a script element: `<` as its escape, so no text in it (an account's name
 * holding `</script>` or `<!--`) can end the element or change how it is parsed
 * (HTML Living Standard, "Restrictions for contents of script elements").
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * How long the page waits for the first page of the narrow the last window was left on. The
 * Core answers from what it keeps in a few milliseconds; one that must ask the server is not
 * waited for, and the window fetches it over its connection as any narrow.
 */
const FIRST_PAGE_WAIT_MS = 150;

/** The first page of the narrow the last window was left on, if the Core has it at once. */
async function firstPage(core: Core, boot: AppBoot): Promise<AppBoot['firstPage']> {
  const left = boot.place;
  if (left?.view !== 'messages' || left.accountId === undefined) return undefined;
  if (!boot.accounts.some((a) => a.id === left.accountId)) return undefined;
  const narrow = left.narrow ?? [];
  const anchor = leftAnchor(left);
  const fetched = core.invoke('messages.fetch', firstPageArgs(left.accountId, narrow, anchor));
  const wait = new AbortController();
  const late = sleep(FIRST_PAGE_WAIT_MS, undefined, { signal: wait.signal }).catch(() => undefined);
  const answer = await Promise.race([fetched, late]);
  wait.abort();
  if (!answer?.ok) return undefined;
  return { key: firstPageKey(left.accountId, narrow, anchor), page: answer.result as MessagesPage };
}

/**
 * The page cut where the boot state goes (before `</head>`): the part before it can leave at
 * once, so the browser fetches the page's scripts and stylesheets (from its cache, for a
 * window opened again) while the Core works the state out. Undefined for a page with no head.
 */
export function splitAtHead(html: Buffer): [head: Buffer, rest: Buffer] | undefined {
  const at = html.indexOf('</head>');
  return at < 0 ? undefined : [html.subarray(0, at), html.subarray(at)];
}

/** The boot state's script element; empty where the Core cannot answer, as the page is then. */
export async function bootScript(core: Core): Promise<string> {
  try {
    const boot = await core.invoke('app.boot', {});
    if (!boot.ok) return '';
    const state = boot.result as AppBoot;
    const page = await firstPage(core, state);
    if (page) state.firstPage = page;
    return `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(state)}</script>`;
  } catch {
    // The page's head is already on its way: it goes on without the state, and the window
    // asks for it over its connection as Electron's does.
    return '';
  }
}
