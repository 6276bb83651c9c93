/**
 * Returning to a narrow already seen. Two Cores side by side in one run,
 * against one reference server, each with its own page in one headless Chromium: one with
 * the message store (as shipped), one with it off (`messageStore: false`, every window
 * fetched, the path before the store). Each page switches between topics it has already
 * opened; the time is from the click on the sidebar topic to the first frame with that
 * topic's newest message drawn. The store's Core reaches the server through a counting
 * proxy, so the bench also shows its returns made no GET /messages at all.
 *
 * Needs the keychain: `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-narrow-return`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createCore, type Core } from '../src/core/core.ts';
import type { InboxAccountWire } from '../src/contract/schemas/inbox.ts';
import { messaging } from '../src/server/messages/service.ts';
import type { UserRecord } from '../src/server/state/types.ts';
import { startWebHost, type WebHost } from '../src/web/host.ts';
import { Gate } from '../tests/integration/core/sync/harness.ts';
import { MemorySecrets } from '../tests/integration/core/sync/memory-secrets.ts';
import { startBrowserBench } from './browser-mode.ts';
import type { BenchResult } from './types.ts';

const TOPICS = 4;
const PER_TOPIC = 300;
const ROUNDS = 25;
const TARGET_MS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;

/** Clicks the topic in the sidebar; resolves at the first frame with `newest` drawn. */
function timeReturn(page: Page, topic: string, newest: number): Promise<number> {
  return page.evaluate(
    ([label, id]) =>
      new Promise<number>((done) => {
        const feed = document.querySelector('[data-testid="message-list"]') as HTMLElement;
        const selector = `article[data-message-id="${id}"]`;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!feed.querySelector(selector)) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        });
        observer.observe(feed, { childList: true, subtree: true });
        const button = [...document.querySelectorAll('nav button')].find((b) =>
          /^Topic (.+?)(, \d+ unread,)? in general$/.test(b.getAttribute('aria-label') ?? '')
            ? b.getAttribute('aria-label')!.startsWith(`Topic ${label} `)
            : false,
        ) as HTMLElement;
        button.click();
      }),
    [topic, newest] as const,
  );
}

interface Client {
  core: Core;
  host: WebHost;
  page: Page;
  dataDir: string;
}

export default async function run(): Promise<BenchResult> {
  const { server, browser, close } = await startBrowserBench();
  const gate = await Gate.open(server.url);
  const clients: Client[] = [];
  try {
    const owner = server.users.find((u) => u.role === 100 && !u.is_bot)!;
    const sender = server.state.users.get(owner.user_id) as UserRecord;
    const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
    const m = messaging(server.ctx);
    const newest = new Map<string, number>();
    for (let i = 0; i < TOPICS * PER_TOPIC; i++) {
      const topic = `return ${i % TOPICS}`;
      const content = `Message ${i}: a line of **Markdown** with a [link](https://example.com).`;
      newest.set(topic, m.send({ sender, streamId: general.stream_id, topic, content }).id);
    }
    const topics = [...newest.keys()];

    const open = async (messageStore: boolean, serverUrl: string): Promise<Client> => {
      const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-return-'));
      const core = await createCore({
        dataDir,
        version: '0.0.0-bench',
        transport: 'web',
        secrets: new MemorySecrets(),
        messageStore,
      });
      const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
      const client: Client = { core, host, dataDir, page: undefined as unknown as Page };
      clients.push(client);
      const signedIn = await core.invoke('accounts.signInWithKey', {
        serverUrl,
        email: owner.email,
        apiKey: owner.api_key,
        allowInsecure: true,
      });
      if (!signedIn.ok) throw new Error(signedIn.error.message);
      // The store serves only while the account's queue runs: wait until it does.
      for (;;) {
        const res = await core.invoke('inbox.get', {});
        const accounts = res.ok ? (res.result as { accounts: InboxAccountWire[] }).accounts : [];
        if (accounts[0]?.connection === 'live') break;
        await new Promise((d) => setTimeout(d, 50));
      }
      client.page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await client.page.goto(host.url);
      await client.page.getByRole('button', { name: 'Messages', exact: true }).click();
      // The sidebar lists the topics of the channel being read.
      await client.page.locator('nav button[aria-label^="Channel general"]').click();
      // The sidebar comes after the view: its topics are what each return clicks.
      await client.page.locator(`nav button[aria-label^="Topic ${topics[0]} "]`).waitFor();
      // Each topic seen once before measuring: what a return finds.
      for (const topic of topics) await timeReturn(client.page, topic, newest.get(topic)!);
      return client;
    };
    const withStore = await open(true, gate.url);
    const withoutStore = await open(false, server.url);

    const fetchesBefore = gate.seen.filter((s) => s === 'GET /api/v1/messages').length;
    const times = { store: [] as number[], fetch: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const topic = topics[round % topics.length]!;
      const id = newest.get(topic)!;
      // Alternated, so a busy moment on the machine falls on both paths alike.
      const pair: [keyof typeof times, Client][] =
        round % 2 === 0
          ? [
              ['store', withStore],
              ['fetch', withoutStore],
            ]
          : [
              ['fetch', withoutStore],
              ['store', withStore],
            ];
      for (const [path, client] of pair) times[path].push(await timeReturn(client.page, topic, id));
    }
    const storeFetches =
      gate.seen.filter((s) => s === 'GET /api/v1/messages').length - fetchesBefore;

    const store = median(times.store);
    const fetched = median(times.fetch);
    return {
      name: `renderer: returning to a topic already seen (${PER_TOPIC} messages each, ${ROUNDS} returns per path)`,
      metrics: {
        store_first_paint_median_ms: store,
        store_first_paint_p95_ms: p95(times.store),
        fetch_first_paint_median_ms: fetched,
        fetch_first_paint_p95_ms: p95(times.fetch),
        ratio_fetch_over_store: fetched / store,
        store_get_messages_during_returns: storeFetches,
      },
      targets: [
        {
          label: `a return paints from the store in under ${TARGET_MS} ms (median)`,
          pass: store < TARGET_MS,
        },
        { label: 'returns from the store make no GET /messages', pass: storeFetches === 0 },
      ],
    };
  } finally {
    for (const c of clients) {
      await c.page?.close();
      await c.host.close();
      await c.core.close();
      await rm(c.dataDir, { recursive: true, force: true });
    }
    await gate.close();
    await close();
  }
}
