/**
 * messages.fetch through the store: a window the kept stretch decides is answered at once;
 * any other is fetched, returned, and kept for next time. A page is kept only while the
 * account's queue runs (events keep kept messages true); one that event batches crossed
 * while it was under way may predate them, so it is kept as those batches leave it.
 */
import type { z } from 'zod';
import type { ApiClient } from '../../../api/client.ts';
import type { FetchMessagesArgs, MessagesPage } from '../../../contract/schemas/messages.ts';
import { emptyTopicParams } from '../empty-topic.ts';
import { fetchPage } from '../page.ts';
import { AccountStore, type Replay } from './account-store.ts';
import type { MessageStore } from './message-store.ts';
import {
  compileNarrow,
  narrowKey,
  type CompiledNarrow,
  type NarrowLookup,
} from './narrow-match.ts';
import type { WindowAsk } from './range.ts';

/** GET /messages sends avatar URLs the way the queue does only from this level on. */
export const SAME_FORMAT_AS_EVENTS = 92;

export interface StoreAccess {
  store: MessageStore;
  /** How to read narrows for the account; undefined while its queue does not run. */
  lookup: (accountId: string) => NarrowLookup | undefined;
  /** Whether the account certainly has no unread message in the narrow. */
  noUnreadIn: (accountId: string, narrow: CompiledNarrow) => boolean;
  /** Off in benches measuring the fetch path. */
  enabled?: () => boolean;
}

type Args = z.output<typeof FetchMessagesArgs>;

function askOf(args: Args, anchor: WindowAsk['anchor']): WindowAsk {
  return {
    anchor,
    includeAnchor: args.includeAnchor ?? true,
    numBefore: args.numBefore,
    numAfter: args.numAfter,
  };
}

export async function fetchThroughStore(
  access: StoreAccess,
  client: ApiClient,
  args: Args,
): Promise<MessagesPage> {
  const lookup = access.enabled?.() === false ? undefined : access.lookup(args.accountId);
  const compiled =
    lookup && args.anchor !== 'date' && (await client.featureLevel()) >= SAME_FORMAT_AS_EVENTS
      ? compileNarrow(args.narrow, lookup)
      : undefined;
  if (!compiled) return fetchPage(client, args);
  const store = access.store.account(
    args.accountId,
    JSON.stringify(await emptyTopicParams(client)),
  );
  // With no unread message in the narrow, the first unread anchor is the newest end.
  const anchor =
    args.anchor === 'date'
      ? undefined
      : args.anchor !== 'first_unread'
        ? args.anchor
        : access.noUnreadIn(args.accountId, compiled)
          ? 'newest'
          : undefined;
  const kept = anchor === undefined ? undefined : store.answer(args.narrow, askOf(args, anchor));
  if (kept) return kept;

  const epoch = store.fetchBegins();
  // How many of each message's edits the store had taken before the request went out: the
  // page shows at least those, so a crossed event can only be above them (keepCaughtUp).
  const seenBefore = new Map(store.editsSeen);
  let page: MessagesPage;
  let crossed: Replay[] | undefined;
  try {
    page = await fetchPage(client, args);
  } finally {
    crossed = store.fetchEnds(epoch);
  }
  if (crossed && access.store.existing(args.accountId) === store) {
    const resolved =
      args.anchor === 'newest' || args.anchor === 'oldest' || typeof args.anchor === 'number'
        ? args.anchor
        : (page.anchor ?? 'newest');
    const ask = askOf(args, resolved);
    const perNarrow = access.store.budget.perNarrow;
    if (crossed.length === 0) store.remember(args.narrow, compiled, ask, page, perNarrow);
    else
      keepCaughtUp(
        store,
        { narrow: args.narrow, compiled, ask, page },
        { crossed, seenBefore },
        perNarrow,
      );
    access.store.enforce();
  }
  return page;
}

/**
 * A page that event batches crossed is kept as they leave it: in a store of its own it
 * takes the same batches, just as a page that outran its queue takes the events that follow
 * it, so whether the server answered before or after each one, what is kept is the same. On
 * a busy machine a view's own read mark often lands while the next narrow is fetched; a page
 * let go for it would leave that narrow out of the cache on disk (docs/architecture.md, "The
 * cache on disk").
 */
function keepCaughtUp(
  store: AccountStore,
  fetched: { narrow: Args['narrow']; compiled: CompiledNarrow; ask: WindowAsk; page: MessagesPage },
  { crossed, seenBefore }: { crossed: readonly Replay[]; seenBefore: Map<number, number> },
  perNarrow: number,
): void {
  const apart = new AccountStore(store.params);
  apart.remember(fetched.narrow, fetched.compiled, fetched.ask, fetched.page);
  // Without them a crossed move within the same second as an earlier one of the same person
  // to the same topic matched that earlier entry of the page's history, and was taken as
  // already applied (already-applied.ts): the stale copy then replaced the store's.
  for (const m of fetched.page.messages) {
    const seen = seenBefore.get(m.id);
    if (seen !== undefined) apart.editsSeen.set(m.id, seen);
  }
  for (const replay of crossed) replay(apart);
  store.adoptNarrow(apart, narrowKey(fetched.narrow), perNarrow);
}
