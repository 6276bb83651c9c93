/**
 * A sidebar built while the server could not be reached for its lists (channels from the
 * registered state, no topics) is built again by itself, sooner first and then less often,
 * until it is whole; nobody watching ends the tries.
 */
import { describe, expect, it } from 'vitest';
import type { Sidebar, SidebarPatchWire } from '../../../../src/contract/schemas/messages.ts';
import { SidebarPush } from '../../../../src/core/messages/sidebar-push.ts';
import { PushBus } from '../../../../src/core/push-bus.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { OPEN_RULES } from '../../../../src/lib/message-permissions.ts';

const general = (topics: string[]) => ({
  streamId: 1,
  name: 'general',
  color: '#fff',
  pinned: false,
  muted: false,
  folderId: null,
  unread: topics.length,
  topics: topics.map((name, i) => ({ name, unread: 1, newestId: 10 - i })),
});

function sidebar(topics: string[], stale?: string): Sidebar {
  return {
    folders: [],
    channels: [general(topics)],
    conversations: [],
    counts: { unread: topics.length, mentions: 0, followed: 0, dms: 0 },
    emptyTopicName: 'general chat',
    maxMessageLength: 10_000,
    editRules: OPEN_RULES,
    ...(stale ? { stale } : {}),
  } as Sidebar;
}

/** A server whose lists fail `failures` times, then answer with one topic. */
function setup(failures: number) {
  const clock = new ManualClock();
  const bus = new PushBus();
  const patches: SidebarPatchWire[] = [];
  bus.subscribe((topic, payload) => {
    if (topic === 'messages.sidebarPatch') patches.push(payload as SidebarPatchWire);
  });
  let builds = 0;
  const push = new SidebarPush(
    bus,
    async () =>
      ++builds <= failures
        ? sidebar([], 'GET /users/me/subscriptions: network reset')
        : sidebar(['deploy']),
    clock,
  );
  return { clock, push, patches, builds: () => builds };
}

const topicsIn = (patches: SidebarPatchWire[]) =>
  patches.flatMap((p) => p.upsert.flatMap((r) => (r.kind === 'topic' ? [r.topic.name] : [])));

describe('a sidebar built stale', () => {
  it('is built again 2 s later and its topics are pushed, with nothing more after', async () => {
    const { clock, push, patches, builds } = setup(1);
    const first = await push.watch('a');
    expect(first.stale).toContain('network reset');
    expect(first.channels[0]!.topics).toEqual([]);

    await clock.advance(1_999);
    expect(builds()).toBe(1);
    await clock.advance(1);
    await expect.poll(() => topicsIn(patches)).toEqual(['deploy']);
    expect(patches.at(-1)!.head).not.toHaveProperty('stale');
    // Whole now: no timer left, no build more.
    expect(clock.pendingCount).toBe(0);
    await clock.advance(120_000);
    expect(builds()).toBe(2);
  });

  it('tries less and less often while the lists stay out of reach, up to every 30 s', async () => {
    const { clock, push, builds } = setup(100);
    await push.watch('a');
    const at: number[] = [];
    const start = clock.now();
    // Two minutes of the clock, a second at a time.
    for (let s = 0, seen = builds(); s < 120; s++) {
      await clock.advance(1_000);
      if (builds() > seen) {
        seen = builds();
        at.push((clock.now() - start) / 1000);
      }
    }
    // 2, 4, 8, 16, then 30 s apart.
    expect(at).toEqual([2, 6, 14, 30, 60, 90, 120]);
  });

  it.each([
    ['once no view watches it', (push: SidebarPush) => push.unwatch('a')],
    ['once the Core closes', (push: SidebarPush) => push.close()],
  ])('is not built again %s', async (_when, stop) => {
    const { clock, push, builds } = setup(100);
    await push.watch('a');
    expect(clock.pendingCount).toBe(1);
    stop(push);
    expect(clock.pendingCount).toBe(0);
    await clock.advance(60_000);
    expect(builds()).toBe(1);
  });
});

describe('a sidebar rebuilt after a change', () => {
  /** Two channels; general's count is what the test changes between builds. */
  function channels(generalUnread: number): Sidebar {
    const base = sidebar([]);
    const row = (streamId: number, name: string, unread: number) => ({
      ...general([]),
      streamId,
      name,
      unread,
      topics: unread > 0 ? [{ name: 'lunch', unread, newestId: 20 }] : [],
    });
    return { ...base, channels: [row(1, 'general', generalUnread), row(2, 'dev', 0)] };
  }

  it('pushes the channel whose count changed and its topic, and nothing when nothing changed', async () => {
    const bus = new PushBus();
    const patches: SidebarPatchWire[] = [];
    bus.subscribe((topic, payload) => {
      if (topic === 'messages.sidebarPatch') patches.push(payload as SidebarPatchWire);
    });
    let unread = 0;
    const push = new SidebarPush(bus, async () => channels(unread), new ManualClock());
    await push.watch('a');
    await push.watch('a'); // a second view, so changes are pushed
    patches.length = 0;

    unread = 2;
    push.touch('a');
    await expect.poll(() => patches.length).toBe(1);
    const rows = (p: SidebarPatchWire) =>
      p.upsert.map((r) =>
        r.kind === 'channel'
          ? ['channel', r.channel.name, r.channel.unread]
          : r.kind === 'topic'
            ? ['topic', r.topic.name, r.topic.unread]
            : ['dm'],
      );
    expect(rows(patches[0]!)).toEqual([
      ['channel', 'general', 2],
      ['topic', 'lunch', 2],
    ]);

    // Built again with nothing changed (new objects, the same rows): no patch.
    push.touch('a');
    await new Promise((r) => setTimeout(r, 10));
    expect(patches).toHaveLength(1);

    unread = 0;
    push.touch('a');
    await expect.poll(() => patches.length).toBe(2);
    expect(rows(patches[1]!)).toEqual([['channel', 'general', 0]]);
    expect(patches[1]!.remove).toEqual(['t:1:lunch']);
  });
});

/** A window following the sidebar of `accountId` only, as a page's interest says it. */
function windowOn(bus: PushBus, accountId: string) {
  const patches: SidebarPatchWire[] = [];
  const leave = bus.subscribe(
    (_t, payload) => patches.push(payload as SidebarPatchWire),
    (topic, account) => topic === 'messages.sidebarPatch' && account === accountId,
  );
  return { patches, leave };
}

describe('a sidebar whose window went without unwatching it', () => {
  it('is not built while no window takes its patches, and the next window sees every change', async () => {
    const bus = new PushBus();
    let unread = 0;
    let builds = 0;
    const push = new SidebarPush(
      bus,
      async () => {
        builds++;
        return sidebar(unread > 0 ? ['deploy'] : []);
      },
      new ManualClock(),
    );
    // A window follows the sidebar of account a, then closes (a tab closed says nothing).
    const first = windowOn(bus, 'a');
    await push.watch('a');
    await push.watch('a'); // a second view of the same window, so changes are pushed
    unread = 1;
    push.touch('a');
    await expect.poll(() => first.patches.length).toBe(1);
    first.leave();
    const before = builds;

    // A day of messages with no window, then with a window on another account's sidebar.
    for (let i = 0; i < 20; i++) push.touch('a');
    unread = 2;
    push.touch('a');
    const other = windowOn(bus, 'b');
    push.touch('a');

    // The window opened again. Its watch runs after any build queued before it: the one
    // build is its own, and its snapshot has today's topic.
    const reopened = windowOn(bus, 'a');
    const snapshot = await push.watch('a');
    expect(builds).toBe(before + 1);
    expect(snapshot.channels[0]!.topics.map((t) => t.name)).toEqual(['deploy']);
    const seen = reopened.patches.length;
    unread = 0;
    push.touch('a');
    await expect.poll(() => reopened.patches.length).toBe(seen + 1);
    const last = reopened.patches.at(-1)!;
    expect(last.seq).toBeGreaterThan(snapshot.seq ?? Infinity);
    expect(last.remove).toEqual(['t:1:deploy']);
    expect(other.patches).toEqual([]);
  });
});
