/**
 * The first page of the narrow a reopened window opens on, as the web host served it
 * (lib/boot.ts): the Messages list takes it once, for that account, narrow and anchor
 * (`firstPageKey`), instead of asking the Core and waiting for the window's connection.
 */
import type { MessagesPage } from '../../contract/schemas/messages.ts';

let seed: { key: string; page: MessagesPage } | undefined;

export function seedFirstPage(key: string, page: MessagesPage): void {
  seed = { key, page };
}

/** The seeded page if it is this one's, once; any later open asks the Core. */
export function takeSeededPage(key: string): MessagesPage | undefined {
  const page = seed?.key === key ? seed.page : undefined;
  seed = undefined;
  return page;
}
