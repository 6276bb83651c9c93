/**
 * What the D-Bus notifier asks the notification server (docs/notifications.md "D-Bus" and
 * "Actions"), against a recording server: the actions it offers by capability and by
 * conversation, the sound riding on the batch's newest notification, and replacement.
 */
import { describe, expect, it } from 'vitest';
import type {
  NotificationServer,
  NotificationSignals,
  NotifyRequest,
} from '../../../../src/core/notify/dbus-notifications.ts';
import {
  DbusNotifier,
  type NotificationAction,
} from '../../../../src/core/notify/dbus-notifier.ts';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';
import { RecordingSoundPlayer } from '../../../../src/core/notify/recorders.ts';

function recordingServer(caps: string[]) {
  const sent: NotifyRequest[] = [];
  const closed: number[] = [];
  let signals: NotificationSignals | undefined;
  let next = 1;
  const server: NotificationServer = {
    capabilities: new Set(caps),
    serverName: 'test',
    notify: (r) => {
      sent.push(r);
      return Promise.resolve(r.replacesId || next++);
    },
    close: (id) => {
      closed.push(id);
      return Promise.resolve();
    },
    listen: (s) => (signals = s),
    disconnect: () => undefined,
  };
  return { server, sent, closed, signals: () => signals! };
}

const topic: ShownNotification = {
  id: 'a|channel:1:2:deploy',
  accountId: 'a',
  title: 'Ann (#general > deploy)',
  body: 'shipped',
  messageIds: [10],
  open: {
    accountId: 'a',
    messageId: 10,
    narrow: [
      { operator: 'channel', operand: 1 },
      { operator: 'topic', operand: 'deploy' },
    ],
  },
};
const dm: ShownNotification = {
  ...topic,
  id: 'a|dm:2',
  title: 'Ann (to you)',
  open: { accountId: 'a', messageId: 11, narrow: [{ operator: 'dm', operand: [2] }] },
};
const summary: ShownNotification = {
  ...topic,
  id: 'a|summary',
  open: { ...topic.open, narrow: [] },
};

describe('the D-Bus notifier', () => {
  it('offers reply, mark as read and mute where the server has them', async () => {
    const s = recordingServer(['actions', 'inline-reply', 'sound']);
    const n = new DbusNotifier({ server: s.server, onAction: () => undefined });
    n.show(topic);
    n.show(dm);
    n.show(summary);
    await n.settled();
    expect(s.sent.map((r) => r.actions)).toEqual([
      ['default', 'Open', 'inline-reply', 'Reply', 'read', 'Mark as read', 'mute', 'Mute topic'],
      [
        'default',
        'Open',
        'inline-reply',
        'Reply',
        'read',
        'Mark as read',
        'mute',
        "Mute this conversation's notifications",
      ],
      ['default', 'Open'],
    ]);
  });

  it('offers no buttons to a server without actions, and still shows', async () => {
    const s = recordingServer(['body']);
    const n = new DbusNotifier({ server: s.server, onAction: () => undefined });
    n.show(topic);
    await n.settled();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]?.actions).toEqual([]);
  });

  it('puts the sound on the newest notification, or plays it where the server cannot', async () => {
    const withSound = recordingServer(['actions', 'sound']);
    const a = new DbusNotifier({
      server: withSound.server,
      soundFile: (name) => `/s/${name}.ogg`,
      onAction: () => undefined,
    });
    a.show(topic);
    a.show(dm);
    a.play('ding');
    await a.settled();
    expect(withSound.sent.map((r) => r.hints.soundFile)).toEqual([undefined, '/s/ding.ogg']);

    const silent = recordingServer(['actions']);
    const player = new RecordingSoundPlayer();
    const b = new DbusNotifier({
      server: silent.server,
      fallbackSound: player,
      onAction: () => undefined,
    });
    b.show(dm);
    b.play('ding');
    await b.settled();
    expect(player.played).toEqual(['ding']);
  });

  it("replaces a conversation's notification and hands its actions over", async () => {
    const s = recordingServer(['actions', 'inline-reply']);
    const actions: NotificationAction[] = [];
    const n = new DbusNotifier({ server: s.server, onAction: (a) => actions.push(a) });
    n.show(dm);
    await n.settled();
    n.show({ ...dm, body: '2 messages from Ann\nagain', messageIds: [11, 12] });
    await n.settled();
    expect(s.sent.map((r) => r.replacesId)).toEqual([0, 1]);
    s.signals().replied(1, 'ok');
    s.signals().actionInvoked(1, 'read');
    s.signals().actionInvoked(99, 'read');
    expect(actions.map((a) => [a.kind, a.text, a.notification.messageIds])).toEqual([
      ['reply', 'ok', [11, 12]],
      ['read', undefined, [11, 12]],
    ]);
    n.close(dm.id);
    await n.settled();
    expect(s.closed).toEqual([1]);
  });

  it("acts on a click that comes before the server's answer to showing it has been taken in", async () => {
    const s = recordingServer(['actions']);
    let answer: ((id: number) => void) | undefined;
    s.server.notify = () => new Promise<number>((resolve) => (answer = resolve));
    const actions: NotificationAction[] = [];
    const n = new DbusNotifier({ server: s.server, onAction: (a) => actions.push(a) });
    n.show(dm);
    await expect.poll(() => answer).toBeDefined();
    // Read in one go from the bus: the answer, then the click on what it showed.
    answer!(7);
    s.signals().actionInvoked(7, 'default');
    await n.settled();
    expect(actions.map((a) => [a.kind, a.notification.id])).toEqual([['open', dm.id]]);
  });

  it('shows a conversation anew once its notification was dismissed, even in the same read as the answer', async () => {
    const s = recordingServer(['actions']);
    let answer: ((id: number) => void) | undefined;
    const notify = s.server.notify;
    s.server.notify = (r) => {
      if (answer) return notify(r);
      s.sent.push(r);
      return new Promise<number>((ok) => (answer = ok));
    };
    const n = new DbusNotifier({ server: s.server, onAction: () => undefined });
    n.show(dm);
    await expect.poll(() => answer).toBeDefined();
    // Read in one go from the bus: the answer, then the user dismissing what it showed.
    answer!(7);
    // Reason 2: dismissed by the user (Desktop Notifications Specification, NotificationClosed).
    s.signals().closed(7, 2);
    await n.settled();
    n.show({ ...dm, body: 'again' });
    await n.settled();
    expect(s.sent.map((r) => r.replacesId)).toEqual([0, 0]);
    // Only the one shown anew is left to close: the dismissed one is not asked for again.
    n.closeAll();
    await n.settled();
    expect(s.closed).toEqual([1]);
  });
});
