import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../../../src/api/routes/settings.ts';
import {
  DECISIONS_KEPT,
  DecisionLog,
  type DecisionEntry,
} from '../../../../src/core/notify/decisions-log.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import { connectionLabel, rateLimitLabel } from '../../../../src/contract/connection-label.ts';
import { DecidedSet } from '../../../../src/core/notify/decided-set.ts';
import { NotificationBoard } from '../../../../src/core/notify/notification-board.ts';
import type { Message } from '../../../../src/core/model/state-types.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import type { StoreSnapshot } from '../../../../src/core/store/state-log.ts';
import {
  Gate,
  PerchUnderTest,
  ReferenceServer,
  apiClient,
  person,
  send,
  until,
} from '../../../integration/core/sync/harness.ts';

describe('SyncManager over two accounts', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let perch: PerchUnderTest;
  let mel: ServerUser;
  let max: ServerUser;
  let ada: ServerUser;

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    mel = person(server.started, 'member');
    max = person(server.started, 'member2');
    ada = person(server.started, 'admin');
    perch = new PerchUnderTest(server.url, [mel, max], clock);
    await perch.watch(mel);
    await perch.watch(max);
  });

  afterEach(async () => {
    await perch.manager.close();
    await server.close();
  });

  it('sums the badge over accounts, each with its own count setting', async () => {
    const settingsOfMax = apiClient(server.url, max, clock);
    await updateSettings(settingsOfMax, { desktop_icon_count_display: 3 });
    const chat = await send(server.started, ada, clock, {
      type: 'stream',
      to: 'general',
      topic: 't',
      content: 'hi all',
    });
    const dm = await send(server.started, ada, clock, {
      type: 'direct',
      to: [max.user_id],
      content: 'hi Max',
    });
    await perch.decided(mel, [chat]);
    await perch.decided(max, [chat, dm]);
    // Mel counts all unread (1 channel message); Max only DMs and mentions (1 DM).
    await until(() => perch.badge.current.count === 2, 'the summed badge');
    expect(perch.badge.current.icon).toBe('attention');

    await updateSettings(settingsOfMax, { desktop_icon_count_display: 4 });
    await until(() => perch.badge.current.count === 1, 'Max to stop counting');
    expect(perch.badge.current.icon).toBe('unread');
    await settingsOfMax.close();
  });

  it('stopping an account closes its notifications, releases its queue and drops its badge', async () => {
    const dm = await send(server.started, ada, clock, {
      type: 'direct',
      to: [max.user_id],
      content: 'bye',
    });
    await perch.decided(max, [dm]);
    expect(perch.notifier.open.size).toBe(1);
    const queueId = perch.health(max).queueId ?? '';
    await perch.manager.stopAccount(max.email);
    expect(perch.notifier.open.size).toBe(0);
    expect(() => server.queues.get(queueId, max.user_id)).toThrow(/Bad event queue/);
    expect(perch.badge.current.count).toBe(0);
    expect(perch.manager.statuses().map((s) => s.accountId)).toEqual([mel.email]);
  });
});

describe('the pieces the manager keeps per account', () => {
  it('the why log keeps the last 200 decisions, oldest first', () => {
    const log = new DecisionLog();
    const entry = (messageId: number) => ({ messageId }) as DecisionEntry;
    for (let id = 1; id <= 450; id++) log.add('a', entry(id));
    log.add('b', entry(1));
    const kept = log.list('a').map((e) => e.messageId);
    expect(kept).toHaveLength(DECISIONS_KEPT);
    expect(kept[0]).toBe(251);
    expect(kept.at(-1)).toBe(450);
    expect(log.list('b')).toHaveLength(1);
  });

  it('a message id is decided once, even after the set has shed old ids', () => {
    const decided = new DecidedSet();
    expect(decided.add(5)).toBe(true);
    expect(decided.add(5)).toBe(false);
    for (let id = 10; id < 25_010; id++) decided.add(id);
    expect(decided.has(5)).toBe(true);
    expect(decided.add(11)).toBe(false);
    expect(decided.add(30_000)).toBe(true);
  });
});

describe('the notifications board of one account', () => {
  const realm = 'Perch Test';
  const ctx = { myUserId: 1, pmContentInDesktopNotifications: true };
  const dmFrom = (id: number, sender: number) =>
    ({
      id,
      sender_id: sender,
      sender_full_name: `User ${sender}`,
      type: 'private',
      subject: '',
      display_recipient: [
        { id: 1, email: 'me@x', full_name: 'Me' },
        { id: sender, email: `u${sender}@x`, full_name: `User ${sender}` },
      ],
      content: `<p>hello ${id}</p>`,
      timestamp: id,
    }) as Message;

  it('shows a summary for more than five at once, closed only when all of them are read', () => {
    const notifier = new RecordingNotifier();
    const board = new NotificationBoard('acct', notifier);
    board.show(
      [1, 2, 3, 4, 5, 6].map((id) => dmFrom(id, 10 + id)),
      ctx,
      realm,
    );
    expect([...notifier.open.keys()]).toEqual(['acct|summary']);
    expect(notifier.shown[0]?.title).toBe(`6 new messages in ${realm}`);
    board.read([1, 2, 3, 4, 5]);
    expect(notifier.open.size).toBe(1);
    // A second burst joins the one message the summary still stands for.
    board.show(
      [7, 8, 9, 10, 11, 12].map((id) => dmFrom(id, 10 + id)),
      ctx,
      realm,
    );
    expect(notifier.open.get('acct|summary')?.title).toBe(`7 new messages in ${realm}`);
    board.read([6, 7, 8, 9, 10, 11]);
    expect(notifier.open.size).toBe(1);
    board.read([12]);
    expect(notifier.open.size).toBe(0);
  });

  it('five at once stay separate notifications, one per conversation', () => {
    const notifier = new RecordingNotifier();
    const board = new NotificationBoard('acct', notifier);
    board.show(
      [dmFrom(1, 20), dmFrom(2, 21), dmFrom(3, 20), dmFrom(4, 22), dmFrom(5, 21)],
      ctx,
      realm,
    );
    expect(notifier.open.size).toBe(3);
    expect(notifier.open.get('acct|dm:20')?.messageIds).toEqual([1, 3]);
    board.read([3]);
    expect(notifier.open.has('acct|dm:20')).toBe(false);
    expect(notifier.open.size).toBe(2);
  });
});

describe('the connection wording of the tray menu and the Activity panel', () => {
  it('counts down the reconnection and names the other states', () => {
    const now = 1_000_000;
    expect(connectionLabel({ state: 'polling', retryAt: undefined }, now)).toBe('Connected');
    expect(connectionLabel({ state: 'backoff', retryAt: now + 4_200 }, now)).toBe(
      'Reconnecting in 5 s',
    );
    expect(connectionLabel({ state: 'needs_attention', retryAt: undefined }, now)).toBe(
      'Needs attention',
    );
  });

  it('says why a connected account waits, counting down like the reconnection', () => {
    const now = 1_000_000;
    const waiting = { rateLimitedUntil: now + 11_200, rateLimitedEndpoint: 'GET /messages' };
    expect(rateLimitLabel(waiting, now)).toBe(
      'Rate-limited by the server: waiting 12 s (GET /messages)',
    );
    expect(rateLimitLabel(waiting, now + 11_000)).toBe(
      'Rate-limited by the server: waiting 1 s (GET /messages)',
    );
    // The renderer's clock may pass the end before the push that clears the wait arrives.
    expect(rateLimitLabel(waiting, now + 20_000)).toBe(
      'Rate-limited by the server: waiting 0 s (GET /messages)',
    );
    expect(rateLimitLabel({ rateLimitedUntil: now + 3_000 }, now)).toBe(
      'Rate-limited by the server: waiting 3 s',
    );
    expect(
      rateLimitLabel({ rateLimitedUntil: undefined, rateLimitedEndpoint: undefined }, now),
    ).toBe(undefined);
  });
});

describe('an account signed out before it registered', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let gate: Gate;
  let mel: ServerUser;
  let max: ServerUser;
  /** Each account's models as the cache on disk keeps them, from a first run. */
  const saved = new Map<string, StoreSnapshot>();

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    gate = await Gate.open(server.url);
    mel = person(server.started, 'member');
    max = person(server.started, 'member2');
    const first = new PerchUnderTest(server.url, [mel, max], clock);
    await first.watch(mel);
    await first.watch(max);
    for (const user of [mel, max])
      saved.set(user.email, first.manager.store(user.email)!.snapshot()!);
    await first.manager.close();
  });

  afterEach(async () => {
    await gate.close();
    await server.close();
  });

  it('gives back the saved copies once the last one shown goes with it', async () => {
    let givenBack = 0;
    // Max's server does not answer, so Max shows its saved copy until it signs out.
    gate.mode = 'hang';
    const perch = new PerchUnderTest(server.url, [mel, max], clock, {
      clientFor: (id) => {
        const user = id === mel.email ? mel : max;
        return Promise.resolve(apiClient(id === mel.email ? server.url : gate.url, user, clock));
      },
      beforeStart: (id, store) => Promise.resolve(store.restore(saved.get(id)!, 1000)),
      savedCopiesLetGo: () => void givenBack++,
    });
    try {
      await perch.manager.startAccount(mel.email);
      await perch.manager.startAccount(max.email);
      await until(() => perch.manager.statuses().length === 2, 'both accounts to start');
      // Mel's copy is replaced by the server's; Max's is still shown, so nothing yet.
      await until(() => perch.health(mel).state === 'polling', 'Mel to register');
      await until(() => perch.manager.savedAt(mel.email) === undefined, "Mel's copy replaced");
      for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
      expect(givenBack).toBe(0);
      expect(perch.manager.isShowingSaved(max.email)).toBe(true);

      await perch.manager.stopAccount(max.email);
      await until(() => givenBack === 1, 'the saved copies to be given back', 5000);
    } finally {
      await perch.manager.close();
    }
  });

  it('never polls when signed out while its key is read, whatever the order', async () => {
    // The key is still being read (a slow keychain) when the account is signed out.
    let keyRead!: () => void;
    const reading = new Promise<void>((resolve) => (keyRead = resolve));
    const perch = new PerchUnderTest(server.url, [mel], clock, {
      clientFor: async () => {
        await reading;
        return apiClient(server.url, mel, clock);
      },
    });
    try {
      const starting = perch.manager.startAccount(mel.email);
      await perch.manager.stopAccount(mel.email);
      keyRead();
      await starting;
      for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
      expect(perch.manager.statuses()).toEqual([]);
      expect(server.queues.size).toBe(0);
    } finally {
      await perch.manager.close();
    }
  });
});
