import { describe, expect, it } from 'vitest';
import { PushBus } from '../../../../src/core/push-bus.ts';
import {
  RendererBadgeSink,
  RendererNotifier,
} from '../../../../src/core/notify/renderer-notifier.ts';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';

function listen() {
  const bus = new PushBus();
  const heard: [string, unknown][] = [];
  bus.subscribe((topic, payload) => heard.push([topic, payload]));
  return { bus, heard };
}

const shown: ShownNotification = {
  id: 'a1:dm:7',
  accountId: 'a1',
  title: 'Iago (to you)',
  body: 'Lunch?',
  messageIds: [41, 42],
  open: { accountId: 'a1', messageId: 42, narrow: [{ operator: 'dm', operand: [7] }] },
};

describe('browser mode notifier', () => {
  it('hands the page the presented notification unchanged, and its closes', () => {
    const { bus, heard } = listen();
    const notifier = new RendererNotifier(bus);
    notifier.show(shown);
    notifier.close('a1:dm:7');
    notifier.closeAll();
    expect(heard).toEqual([
      ['notifications.show', shown],
      ['notifications.close', { id: 'a1:dm:7' }],
      ['notifications.closeAll', {}],
    ]);
  });

  it('keeps what is still open for a tab opened later, and forgets what was closed', () => {
    const { bus, heard } = listen();
    const notifier = new RendererNotifier(bus);
    const other = { ...shown, id: 'a1:dm:9', title: 'Cordelia (to you)' };
    notifier.show(shown);
    notifier.show(other);
    const grown = { ...shown, body: '2 messages from Iago', messageIds: [41, 42, 43] };
    notifier.show(grown);
    expect(notifier.stillOpen()).toEqual([other, grown]);
    notifier.close(other.id);
    expect(notifier.stillOpen()).toEqual([grown]);
    // Closing what is not open tells the page nothing.
    heard.length = 0;
    notifier.close(other.id);
    expect(heard).toEqual([]);
    notifier.closeAll();
    expect(notifier.stillOpen()).toEqual([]);
  });

  it('refuses a notification the page could not show rather than sending half of it', () => {
    const { bus, heard } = listen();
    const broken = { ...shown, open: { ...shown.open, narrow: [{ operator: 'near' }] } };
    expect(() => new RendererNotifier(bus).show(broken as unknown as ShownNotification)).toThrow();
    expect(heard).toEqual([]);
  });
});

describe('browser mode badge', () => {
  it('hands the page the tray badge, count and icon state', () => {
    const { bus, heard } = listen();
    const sink = new RendererBadgeSink(bus);
    sink.update({ count: 3, icon: 'attention' });
    sink.update({ count: 0, icon: 'none' });
    expect(heard).toEqual([
      ['badge.changed', { count: 3, icon: 'attention' }],
      ['badge.changed', { count: 0, icon: 'none' }],
    ]);
  });
});
