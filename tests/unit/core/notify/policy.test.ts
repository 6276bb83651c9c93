import { describe, expect, it } from 'vitest';
import { decideNotification, type NotificationInput } from '../../../../src/core/notify/policy.ts';
import { ME, channelInput, dmInput } from './fixtures.ts';

const muted = { is_muted: true };
const wildcard = ['stream_wildcard_mentioned'];

describe('the 20 cases of docs/notifications.md', () => {
  const cases: [number, string, NotificationInput, boolean, boolean][] = [
    [1, '1:1 DM', dmInput(), true, true],
    [
      2,
      'group DM, pm_content_in_desktop_notifications false',
      dmInput({ settings: { pm_content_in_desktop_notifications: false } }),
      true,
      true,
    ],
    [
      3,
      'DM, enable_desktop_notifications false',
      dmInput({ settings: { enable_desktop_notifications: false } }),
      false,
      true,
    ],
    [
      4,
      'DM sent by the user from another device',
      dmInput({ message: { sender_id: ME } }),
      false,
      false,
    ],
    [5, 'DM already flagged read', dmInput({ message: { flags: ['read'] } }), false, false],
    [6, 'plain channel message', channelInput(), false, false],
    [
      7,
      'plain channel message, enable_stream_desktop_notifications true',
      channelInput({ settings: { enable_stream_desktop_notifications: true } }),
      true,
      false,
    ],
    [
      8,
      'sub.desktop_notifications true, enable_desktop_notifications false',
      channelInput({
        settings: { enable_desktop_notifications: false },
        subscription: { desktop_notifications: true },
      }),
      true,
      false,
    ],
    [
      9,
      'user stream desktop true but sub.desktop_notifications false',
      channelInput({
        settings: { enable_stream_desktop_notifications: true },
        subscription: { desktop_notifications: false },
      }),
      false,
      false,
    ],
    [
      10,
      'personal mention in a muted channel',
      channelInput({ message: { flags: ['mentioned'] }, subscription: muted }),
      true,
      true,
    ],
    [
      11,
      'personal mention in a muted topic',
      channelInput({ message: { flags: ['mentioned'] }, topicPolicy: 1 }),
      true,
      true,
    ],
    [
      12,
      'group mention (flag mentioned)',
      channelInput({ message: { flags: ['mentioned'] } }),
      true,
      true,
    ],
    [
      13,
      'channel wildcard mention, defaults',
      channelInput({ message: { flags: wildcard } }),
      true,
      true,
    ],
    [
      14,
      'channel wildcard mention, wildcard_mentions_notify false',
      channelInput({ message: { flags: wildcard }, settings: { wildcard_mentions_notify: false } }),
      false,
      false,
    ],
    [
      15,
      'channel wildcard, user wildcard false, sub wildcard true',
      channelInput({
        message: { flags: wildcard },
        settings: { wildcard_mentions_notify: false },
        subscription: { wildcard_mentions_notify: true },
      }),
      true,
      true,
    ],
    [
      16,
      'channel wildcard in a muted channel, sub wildcard null',
      channelInput({ message: { flags: wildcard }, subscription: muted }),
      false,
      false,
    ],
    [
      17,
      'channel wildcard in a muted channel, sub wildcard true',
      channelInput({
        message: { flags: wildcard },
        subscription: { is_muted: true, wildcard_mentions_notify: true },
      }),
      true,
      true,
    ],
    [
      18,
      'plain message in a followed topic of a muted channel',
      channelInput({ subscription: muted, topicPolicy: 3 }),
      true,
      true,
    ],
    [
      19,
      'alert word in an unmuted channel',
      channelInput({ message: { flags: ['has_alert_word'] } }),
      true,
      true,
    ],
    [
      20,
      'DM with notification_sound none',
      dmInput({ settings: { notification_sound: 'none' } }),
      true,
      false,
    ],
  ];

  it.each(cases)('case %i: %s', (_n, _name, input, desktop, sound) => {
    const decision = decideNotification(input);
    expect({ desktop: decision.desktop, sound: decision.sound }).toEqual({ desktop, sound });
  });
});

describe('gate A', () => {
  it("A1: the user's own message is never notified, even when it mentions them", () => {
    const d = decideNotification(
      channelInput({ message: { sender_id: ME, flags: ['mentioned'] } }),
    );
    expect(d).toMatchObject({
      desktop: false,
      sound: false,
      rules: { desktop: 'A1', sound: 'A1' },
    });
    expect(d.reason).toContain('you sent this message yourself');
  });

  it('A2: a message already decided once is not decided again, even with a new mention', () => {
    const d = decideNotification(
      dmInput({ message: { flags: ['mentioned'] }, alreadyDecided: true }),
    );
    expect(d).toMatchObject({ desktop: false, sound: false, rules: { desktop: 'A2' } });
  });

  it('A3: a mention passes the gate but must still be unread (A7)', () => {
    const d = decideNotification(
      channelInput({
        message: { flags: ['mentioned', 'read'] },
        subscription: muted,
        topicPolicy: 1,
      }),
    );
    expect(d.rules.desktop).toBe('A7');
  });

  it('A4: a followed topic passes a muted channel; A5: a muted topic stops an unmuted channel', () => {
    expect(decideNotification(channelInput({ subscription: muted, topicPolicy: 3 })).rules).toEqual(
      {
        desktop: 'B2',
        sound: 'C3',
      },
    );
    const d = decideNotification(
      channelInput({ topicPolicy: 1, subscription: { desktop_notifications: true } }),
    );
    expect(d).toMatchObject({ desktop: false, rules: { desktop: 'A5' } });
    expect(d.reason).toBe('No notification: the topic is muted (A5).');
  });

  it('A5 wins over a wildcard even when the subscription asks for wildcard notifications', () => {
    const d = decideNotification(
      channelInput({
        message: { flags: wildcard },
        topicPolicy: 1,
        subscription: { wildcard_mentions_notify: true },
      }),
    );
    expect(d.rules.desktop).toBe('A5');
  });

  it('A6: an unmuted topic in a muted channel goes on', () => {
    const d = decideNotification(
      channelInput({
        subscription: { is_muted: true, desktop_notifications: true },
        topicPolicy: 2,
      }),
    );
    expect(d).toMatchObject({ desktop: true, rules: { desktop: 'B1' } });
  });

  it('A6: a muted channel stops a plain message even with channel desktop notifications on', () => {
    const d = decideNotification(
      channelInput({ subscription: { is_muted: true, desktop_notifications: true } }),
    );
    expect(d).toMatchObject({ desktop: false, rules: { desktop: 'A6' } });
  });

  it('A6: the override needs the subscription value exactly true; a true user default does not count', () => {
    const falseOwn = channelInput({
      message: { flags: ['topic_wildcard_mentioned'] },
      subscription: { is_muted: true, wildcard_mentions_notify: false },
    });
    expect(decideNotification(falseOwn).rules.desktop).toBe('A6');
    const trueOwn = channelInput({
      message: { flags: ['topic_wildcard_mentioned'] },
      subscription: { is_muted: true, wildcard_mentions_notify: true },
    });
    expect(decideNotification(trueOwn).rules.desktop).toBe('B6');
  });

  it('A6: the legacy in_home_view false alone means muted', () => {
    const input = channelInput({ topicPolicy: 0 });
    const sub = { ...input.subscription!, in_home_view: false } as Record<string, unknown>;
    delete sub.is_muted;
    const d = decideNotification({
      ...input,
      subscription: sub as NotificationInput['subscription'],
    });
    expect(d.rules.desktop).toBe('A6');
  });

  it('a channel without a subscription counts as muted with every effective value false', () => {
    const plain = channelInput({
      subscription: 'none',
      settings: { enable_stream_desktop_notifications: true },
    });
    expect(decideNotification(plain).rules.desktop).toBe('A6');
    const followed = channelInput({
      subscription: 'none',
      topicPolicy: 3,
      settings: {
        enable_stream_audible_notifications: true,
        enable_followed_topic_desktop_notifications: false,
      },
    });
    // C2 cannot fire without a subscription however the user default is set; C3 still applies.
    expect(decideNotification(followed).rules).toEqual({ desktop: 'B8', sound: 'C3' });
  });

  it('A7: a read channel message that would otherwise notify is stopped', () => {
    const d = decideNotification(
      channelInput({
        message: { flags: ['read'] },
        settings: { enable_stream_desktop_notifications: true },
      }),
    );
    expect(d.rules.desktop).toBe('A7');
  });

  it('A8: a direct message in a conversation muted in Perch is stopped, even a mention, and says why', () => {
    const muted = { ...dmInput({ message: { flags: ['mentioned'] } }), dmMuted: true };
    const d = decideNotification(muted);
    expect(d).toMatchObject({
      desktop: false,
      sound: false,
      rules: { desktop: 'A8', sound: 'A8' },
    });
    expect(d.reason).toBe(
      "No notification: you muted this conversation's notifications in Perch (A8).",
    );
    expect(decideNotification({ ...dmInput(), dmMuted: false }).desktop).toBe(true);
  });

  it('A8 is about direct messages only: a channel mention still notifies', () => {
    const input = { ...channelInput({ message: { flags: ['mentioned'] } }), dmMuted: true };
    expect(decideNotification(input).desktop).toBe(true);
  });

  it('presence and push or email settings play no part (do-not-disturb is applied later)', () => {
    const base = decideNotification(dmInput());
    const other = decideNotification(
      dmInput({
        settings: {
          presence_enabled: false,
          enable_offline_push_notifications: false,
          enable_online_push_notifications: false,
          enable_offline_email_notifications: false,
        },
      }),
    );
    expect(other).toEqual(base);
    expect(base).toMatchObject({ desktop: true, sound: true });
  });
});

describe('desktop B', () => {
  const desktopRule = (input: NotificationInput) => decideNotification(input).rules.desktop;

  it('B1: null inherits the user default, true and false override it', () => {
    expect(
      desktopRule(channelInput({ settings: { enable_stream_desktop_notifications: true } })),
    ).toBe('B1');
    expect(desktopRule(channelInput({ subscription: { desktop_notifications: true } }))).toBe('B1');
    expect(
      desktopRule(
        channelInput({
          subscription: { desktop_notifications: false },
          settings: { enable_stream_desktop_notifications: true },
        }),
      ),
    ).toBe('B8');
  });

  it('B2: followed topic notifies unless followed-topic desktop notifications are off', () => {
    expect(desktopRule(channelInput({ topicPolicy: 3 }))).toBe('B2');
    expect(
      desktopRule(
        channelInput({
          topicPolicy: 3,
          settings: { enable_followed_topic_desktop_notifications: false },
        }),
      ),
    ).toBe('B8');
  });

  it('B3: desktop notifications off stops mentions and DMs but not B1/B2', () => {
    const off = { enable_desktop_notifications: false };
    expect(desktopRule(channelInput({ message: { flags: ['mentioned'] }, settings: off }))).toBe(
      'B3',
    );
    expect(desktopRule(dmInput({ settings: off }))).toBe('B3');
    expect(desktopRule(channelInput({ topicPolicy: 3, settings: off }))).toBe('B2');
  });

  it('B4: a DM notifies with every channel setting off', () => {
    expect(desktopRule(dmInput({ settings: { wildcard_mentions_notify: false } }))).toBe('B4');
  });

  it('B5: alert word or mention', () => {
    expect(desktopRule(channelInput({ message: { flags: ['has_alert_word'] } }))).toBe('B5');
    expect(desktopRule(channelInput({ message: { flags: ['mentioned'] } }))).toBe('B5');
  });

  it('B6: wildcard uses the effective wildcard value (null inherits, false overrides a true default)', () => {
    expect(desktopRule(channelInput({ message: { flags: wildcard } }))).toBe('B6');
    expect(
      desktopRule(
        channelInput({
          message: { flags: wildcard },
          subscription: { wildcard_mentions_notify: false },
        }),
      ),
    ).toBe('B8');
  });

  it('B7: wildcard in a followed topic when the effective wildcard value is off', () => {
    const input = channelInput({
      message: { flags: ['topic_wildcard_mentioned'] },
      topicPolicy: 3,
      settings: {
        wildcard_mentions_notify: false,
        enable_followed_topic_desktop_notifications: false,
      },
    });
    expect(desktopRule(input)).toBe('B7');
    input.settings.enable_followed_topic_wildcard_mentions_notify = false;
    expect(desktopRule(input)).toBe('B8');
  });

  it('a server before feature level 224 marks a wildcard only with wildcard_mentioned', () => {
    const older = channelInput({ message: { flags: ['wildcard_mentioned'] } });
    expect(decideNotification(older)).toMatchObject({ desktop: true, sound: true });
    expect(desktopRule(older)).toBe('B6');
    older.settings.wildcard_mentions_notify = false;
    expect(decideNotification(older)).toMatchObject({ desktop: false, sound: false });
  });
});

describe('sound C', () => {
  const soundRule = (input: NotificationInput) => decideNotification(input).rules.sound;

  it('C1: sound "none" silences even a followed topic with audible notifications', () => {
    expect(
      soundRule(
        channelInput({
          topicPolicy: 3,
          settings: { notification_sound: 'none' },
          subscription: { audible_notifications: true },
        }),
      ),
    ).toBe('C1');
  });

  it('C2: effective audible: null inherits, false overrides, works with sounds off', () => {
    expect(
      soundRule(channelInput({ settings: { enable_stream_audible_notifications: true } })),
    ).toBe('C2');
    expect(
      soundRule(
        channelInput({
          subscription: { audible_notifications: true },
          settings: { enable_sounds: false },
        }),
      ),
    ).toBe('C2');
    expect(
      soundRule(
        channelInput({
          subscription: { audible_notifications: false },
          settings: { enable_stream_audible_notifications: true },
        }),
      ),
    ).toBe('C9');
  });

  it('C3: followed topic sound unless turned off', () => {
    expect(soundRule(channelInput({ topicPolicy: 3 }))).toBe('C3');
    expect(
      soundRule(
        channelInput({
          topicPolicy: 3,
          settings: { enable_followed_topic_audible_notifications: false },
        }),
      ),
    ).toBe('C9');
  });

  it('C4: sounds off silences DMs and mentions', () => {
    const d = decideNotification(dmInput({ settings: { enable_sounds: false } }));
    expect(d).toMatchObject({ desktop: true, sound: false, rules: { sound: 'C4' } });
  });

  it('C5, C6: DMs, mentions and alert words play a sound', () => {
    expect(soundRule(dmInput())).toBe('C5');
    expect(soundRule(channelInput({ message: { flags: ['has_alert_word'] } }))).toBe('C6');
  });

  it('C7, C8: wildcard sound follows the effective value, then followed-topic wildcard', () => {
    expect(
      soundRule(
        channelInput({
          message: { flags: wildcard },
          settings: { wildcard_mentions_notify: true },
        }),
      ),
    ).toBe('C7');
    const followed = channelInput({
      message: { flags: wildcard },
      topicPolicy: 3,
      settings: {
        wildcard_mentions_notify: false,
        enable_followed_topic_audible_notifications: false,
      },
    });
    expect(soundRule(followed)).toBe('C8');
  });

  it('sound is decided independently of desktop', () => {
    const d = decideNotification(
      channelInput({ settings: { enable_stream_audible_notifications: true } }),
    );
    expect(d).toMatchObject({ desktop: false, sound: true });
    expect(d.reason).toBe(
      'No desktop notification: no setting asks for a desktop notification for this message (B8). Sound: sounds are on for this channel (C2).',
    );
  });
});
