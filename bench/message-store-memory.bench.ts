/**
 * The Core's message store holding 100 000 messages across five accounts (four channel narrows
 * of 5000 each per account), every message parsed from JSON as GET /messages sends it: rendered
 * HTML content with a mention, a link and code, reactions, flags, sometimes an edit history.
 * Heap growth after a forced garbage collection, target under 200 MB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MessageStore } from '../src/core/messages/store/message-store.ts';
import { compileNarrow } from '../src/core/messages/store/narrow-match.ts';
import type { MessagesPage, NarrowTermWire } from '../src/contract/schemas/messages.ts';
import { UnreadIndex } from '../src/core/model/unreads.ts';
import type { BenchResult } from './types.ts';

const ACCOUNTS = 5;
const NARROWS_PER_ACCOUNT = 4;
const PER_NARROW = 5000;
const PAGE = 1000;
const TARGET_MB = 200;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) collectGarbage();
  // Typed arrays (the unread index) live outside the JS heap proper: count them too.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const WORDS = 'the plan for next week is to ship the release after review and tests pass'.split(
  ' ',
);

/** One message as the reference server renders it, as wire JSON. */
function wireMessage(id: number, streamId: number, channel: string, topic: string): string {
  const words = Array.from({ length: 20 + (id % 40) }, (_, i) => WORDS[(id + i) % WORDS.length]);
  const content =
    `<p><span class="user-mention" data-user-id="${id % 50}">@Person ${id % 50}</span> ` +
    `${words.join(' ')} <a href="https://example.com/issues/${id}">#${id}</a></p>` +
    (id % 5 === 0
      ? `<div class="codehilite"><pre><span></span><code>let x = ${id};\n</code></pre></div>`
      : '');
  const reactions = Array.from({ length: id % 4 }, (_, i) => ({
    emoji_name: ['tada', 'smile', '+1'][i % 3],
    emoji_code: ['1f389', '1f642', '1f44d'][i % 3],
    reaction_type: 'unicode_emoji',
    user_id: (id + i) % 50,
  }));
  const message: Record<string, unknown> = {
    id,
    sender_id: id % 50,
    sender_email: `user${id % 50}@example.com`,
    sender_full_name: `Person ${id % 50}`,
    avatar_url: null,
    client: 'website',
    content,
    content_type: 'text/html',
    display_recipient: channel,
    recipient_id: streamId + 1000,
    type: 'stream',
    stream_id: streamId,
    subject: topic,
    topic_links: [],
    timestamp: 1_700_000_000 + id,
    is_me_message: false,
    reactions,
    submessages: [],
    flags: id % 3 === 0 ? ['read', 'mentioned'] : ['read'],
    sender_realm_str: 'org',
  };
  if (id % 10 === 0) {
    message.last_edit_timestamp = 1_700_000_100 + id;
    message.edit_history = [
      {
        user_id: id % 50,
        timestamp: 1_700_000_100 + id,
        prev_content: 'before',
        prev_rendered_content: '<p>before</p>',
      },
    ];
  }
  return JSON.stringify(message);
}

/** A channel narrow scrolled from its newest message up through `count` older ones. */
function scroll(
  store: MessageStore,
  accountId: string,
  streamId: number,
  first: number,
  count: number,
) {
  const account = store.account(accountId, '{"allow_empty_topic_name":true}');
  const narrow: NarrowTermWire[] = [{ operator: 'channel', operand: streamId }];
  const compiled = compileNarrow(narrow, { myUserId: 1, subscribedChannel: (o) => Number(o) });
  if (!compiled) throw new Error('the bench narrow must be one the store keeps');
  // Newest page first, then older pages as a user scrolls up.
  for (let end = first + count; end > first; end -= PAGE) {
    const ids = Array.from({ length: PAGE }, (_, i) => end - PAGE + i);
    const text = `[${ids.map((id) => wireMessage(id, streamId, `channel ${streamId}`, `topic ${id % 7}`)).join(',')}]`;
    const page: MessagesPage = {
      messages: JSON.parse(text) as MessagesPage['messages'],
      foundAnchor: false,
      foundOldest: end - PAGE === first,
      foundNewest: end === first + count,
      historyLimited: false,
      anchor: end === first + count ? null : end,
    };
    const anchor = end === first + count ? ('newest' as const) : end;
    account.remember(
      narrow,
      compiled,
      { anchor, includeAnchor: false, numBefore: PAGE, numAfter: 0 },
      page,
      store.budget.perNarrow,
    );
    store.enforce();
  }
}

/**
 * `known` messages of one account, every one fetched by scrolling one
 * narrow up and every one unread. The heap must stay within what the store's budget allows
 * (its per-account share at the bytes a message costs, measured above) plus the unread
 * index's own size.
 */
function oneAccount(known: number, bytesPerMessage: number) {
  const before = heapAfterGc();
  const store = new MessageStore();
  const unreads = new UnreadIndex({
    channelCounted: () => true,
    channelMuted: () => false,
    topicPolicy: () => 0,
  });
  scroll(store, 'big', 10, 1, known);
  for (let id = 1; id <= known; id++)
    unreads.set(id, {
      type: 'stream',
      stream_id: 10,
      topic: `topic ${id % 7}`,
      mentioned: false,
      wildcard: false,
    });
  const heap = heapAfterGc() - before;
  // An unread index without a size of its own (before the compact one of
  // src/core/model/unreads.ts) counts 0 here: its cost shows in the heap.
  const indexBytes = (unreads as { bytes?: number }).bytes ?? 0;
  const allowed = store.budget.perAccount * bytesPerMessage + indexBytes;
  const mb = (n: number) => n / 1024 / 1024;
  return {
    metrics: {
      [`known_${known}_messages_held`]: store.messageCount(),
      [`known_${known}_heap_growth_mb`]: mb(heap),
      [`known_${known}_unread_index_mb`]: mb(indexBytes),
      [`known_${known}_allowed_mb`]: mb(allowed),
    },
    target: {
      label: `${known} messages known in one account: heap within the budget plus the unread index`,
      pass: heap <= allowed && store.messageCount() <= store.budget.perAccount,
    },
  };
}

export default async function (): Promise<BenchResult> {
  const store = new MessageStore();
  const before = heapAfterGc();
  let nextId = 1;
  for (let a = 0; a < ACCOUNTS; a++) {
    for (let n = 0; n < NARROWS_PER_ACCOUNT; n++) {
      scroll(store, `account-${a}`, 10 + n, nextId, PER_NARROW);
      nextId += PER_NARROW;
    }
  }
  const held = store.messageCount();
  const mb = (heapAfterGc() - before) / 1024 / 1024;
  const bytesPerMessage = Math.round((mb * 1024 * 1024) / held);
  const big = [100_000, 1_000_000]
    .filter((n) => !process.env.BENCH_STORE_KNOWN || String(n) === process.env.BENCH_STORE_KNOWN)
    .map((n) => oneAccount(n, bytesPerMessage));
  return {
    name: 'Message store memory: 100 000 messages across 5 accounts; 100 000 and 1 000 000 known in one',
    metrics: {
      messages_held: held,
      heap_growth_mb: mb,
      bytes_per_message: bytesPerMessage,
      ...Object.assign({}, ...big.map((b) => b.metrics)),
    },
    targets: [
      {
        label: 'all 100 000 messages kept within the budget',
        pass: held === ACCOUNTS * NARROWS_PER_ACCOUNT * PER_NARROW,
      },
      { label: `heap under ${TARGET_MB} MB after a forced GC`, pass: mb < TARGET_MB },
      ...big.map((b) => b.target),
    ],
  };
}
