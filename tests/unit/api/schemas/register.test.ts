import { describe, expect, it } from 'vitest';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { decode, malformed, without } from './helpers.ts';

const queue = { queue_id: '1517975029:0', last_event_id: -1 };
/** unread_msgs as the widely deployed server sends it since FL 119. */
const unreads = {
  count: 2,
  pms: [{ other_user_id: 9, sender_id: 9, unread_message_ids: [7] }],
  streams: [{ stream_id: 1, topic: 'lunch', unread_message_ids: [8] }],
  huddles: [],
  mentions: [],
  old_unreads_missing: false,
};

describe('register schema', () => {
  it('shows realm_icon_url as realm_icon, and the realm_url the server sends', () => {
    const r = decode('POST /register', registerResponse, {
      ...queue,
      realm_name: 'Acme',
      realm_uri: 'https://acme.chat.test',
      realm_url: 'https://acme.chat.test',
      realm_icon_url: 'https://acme.chat.test/user_avatars/2/realm/icon.png?version=2',
    });
    expect(r.realm_url).toBe('https://acme.chat.test');
    expect(r.realm_icon).toBe('https://acme.chat.test/user_avatars/2/realm/icon.png?version=2');
  });

  it('shows realm_uri (before FL 257) as realm_url; keeps realm_url and realm_icon first', () => {
    const older = decode('POST /register', registerResponse, {
      ...queue,
      realm_uri: 'https://old.chat.test',
    });
    expect(older.realm_url).toBe('https://old.chat.test');
    const both = decode('POST /register', registerResponse, {
      ...queue,
      realm_url: 'https://new.chat.test',
      realm_uri: 'https://stale.chat.test',
      realm_icon: '/icon.png',
      realm_icon_url: '/other.png',
    });
    expect([both.realm_url, both.realm_icon]).toEqual(['https://new.chat.test', '/icon.png']);
  });

  it('shows sender_id (before FL 119) as other_user_id, and old_unreads_missing as false', () => {
    const older = {
      ...without(unreads, 'old_unreads_missing'),
      pms: [{ sender_id: 9, unread_message_ids: [7] }],
    };
    const r = decode('POST /register', registerResponse, { ...queue, unread_msgs: older });
    expect(r.unread_msgs?.pms).toEqual([
      { other_user_id: 9, sender_id: 9, unread_message_ids: [7] },
    ]);
    expect(r.unread_msgs?.old_unreads_missing).toBe(false);
    const current = decode('POST /register', registerResponse, { ...queue, unread_msgs: unreads });
    expect(current.unread_msgs?.pms[0]?.other_user_id).toBe(9);
  });

  it('still names a truly required field that is missing', () => {
    const noUser = { ...unreads, pms: [{ unread_message_ids: [7] }] };
    expect(
      malformed('POST /register', registerResponse, { ...queue, unread_msgs: noUser }).path,
    ).toBe('unread_msgs.pms.0.other_user_id');
    expect(
      malformed('POST /register', registerResponse, {
        ...queue,
        unread_msgs: without(unreads, 'mentions'),
      }).path,
    ).toBe('unread_msgs.mentions');
    expect(malformed('POST /register', registerResponse, { queue_id: 'q' }).path).toBe(
      'last_event_id',
    );
  });

  it('gathers the top-level settings of a server before FL 89 into user_settings', () => {
    const r = decode('POST /register', registerResponse, {
      ...queue,
      enable_sounds: false,
      notification_sound: 'ding',
      default_view: 'recent_topics',
      timezone: 'Europe/Berlin',
      realm_name: 'Acme',
    });
    expect(r.user_settings).toEqual({
      enable_sounds: false,
      notification_sound: 'ding',
      timezone: 'Europe/Berlin',
    });
  });

  it('leaves user_settings as sent when there is one, and adds none when nothing is there', () => {
    const r = decode('POST /register', registerResponse, {
      ...queue,
      user_settings: { enable_sounds: true },
      enable_sounds: false,
    });
    expect(r.user_settings).toEqual({ enable_sounds: true });
    expect(decode('POST /register', registerResponse, queue).user_settings).toBeUndefined();
  });

  it('reads muted_topics (before FL 134) with or without the date (before FL 1)', () => {
    const muted = [
      ['design', 'lunch', 1594825442],
      ['random', 'chat'],
    ];
    const r = decode('POST /register', registerResponse, { ...queue, muted_topics: muted });
    expect(r.muted_topics).toEqual(muted);
    expect(
      malformed('POST /register', registerResponse, { ...queue, muted_topics: [['design', 3]] })
        .path,
    ).toBe('muted_topics.0.1');
  });
});
