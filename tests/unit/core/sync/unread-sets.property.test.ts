import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { ME, defaultSettings, subscription } from '../notify/fixtures.ts';
import { channelMessage, directMessage, registerResponse } from './register-fixture.ts';
import { unreadSets } from './helpers.ts';

/**
 * A plain restatement of the four sets of docs/notifications.md "Unread sets", recomputed from
 * scratch after every event, against which the incremental AccountState must agree through any
 * event sequence.
 */
interface RefMessage {
  id: number;
  type: 'stream' | 'private';
  stream: number;
  topic: string;
  mentioned: boolean;
  wildcard: boolean;
}

interface RefChannel {
  subscribed: boolean;
  muted: boolean;
  archived: boolean;
}

class Reference {
  unread = new Map<number, RefMessage>();
  channels = new Map<number, RefChannel>(
    STREAMS.map((s) => [s, { subscribed: true, muted: false, archived: false }]),
  );
  topics = new Map<string, number>();

  policy(stream: number, topic: string): number {
    return this.topics.get(`${stream}:${topic.toLowerCase()}`) ?? 0;
  }

  sets() {
    const out = {
      dms: [] as number[],
      channelUnread: [] as number[],
      mentions: [] as number[],
      followed: [] as number[],
    };
    for (const m of this.unread.values()) {
      if (m.type === 'private') {
        out.dms.push(m.id);
        if (m.mentioned) out.mentions.push(m.id);
        continue;
      }
      const c = this.channels.get(m.stream)!;
      if (!c.subscribed || c.archived) continue;
      const p = this.policy(m.stream, m.topic);
      const visible = p === 3 || p === 2 || (p === 0 && !c.muted);
      if (visible) out.channelUnread.push(m.id);
      if (m.mentioned || (m.wildcard && visible)) out.mentions.push(m.id);
      if (p === 3) out.followed.push(m.id);
    }
    for (const list of Object.values(out)) list.sort((a, b) => a - b);
    return out;
  }
}

const STREAMS = [1, 2, 3];
const TOPICS = ['a', 'A', 'b'];
const stream = fc.constantFrom(...STREAMS);
const topic = fc.constantFrom(...TOPICS);
const msgId = fc.integer({ min: 1, max: 25 });
const mention = fc.record({ mentioned: fc.boolean(), wildcard: fc.boolean() });

const step = fc.oneof(
  fc.record({
    kind: fc.constant('channel' as const),
    id: msgId,
    stream,
    topic,
    m: mention,
    read: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('dm' as const), id: msgId, m: mention }),
  fc.record({ kind: fc.constant('read' as const), ids: fc.array(msgId, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('readAll' as const) }),
  fc.record({
    kind: fc.constant('unread' as const),
    id: msgId,
    stream,
    topic,
    dm: fc.boolean(),
    mentioned: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('edit' as const), id: msgId, m: mention }),
  fc.record({
    kind: fc.constant('move' as const),
    ids: fc.array(msgId, { maxLength: 4 }),
    to: fc.option(stream),
    topic: fc.option(topic),
  }),
  fc.record({ kind: fc.constant('delete' as const), ids: fc.array(msgId, { maxLength: 3 }) }),
  fc.record({
    kind: fc.constant('mute' as const),
    stream,
    muted: fc.boolean(),
    legacy: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('subscribe' as const), stream, on: fc.boolean() }),
  fc.record({ kind: fc.constant('archive' as const), stream, on: fc.boolean() }),
  fc.record({
    kind: fc.constant('topic' as const),
    stream,
    topic,
    policy: fc.constantFrom(0, 1, 2, 3),
  }),
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

let eventId = 0;

function applyBoth(state: AccountState, ref: Reference, s: Step): void {
  const e = (type: string, fields: object) => state.apply({ id: ++eventId, type, ...fields });
  const known = (id: number) => ref.unread.get(id);
  const flagsOf = (m: { mentioned: boolean; wildcard: boolean }, read = false) => [
    ...(m.mentioned ? ['mentioned'] : []),
    ...(m.wildcard ? ['stream_wildcard_mentioned'] : []),
    ...(read ? ['read'] : []),
  ];
  switch (s.kind) {
    case 'channel':
      if (known(s.id)) return; // message ids are unique
      e('message', {
        message: channelMessage(s.id, s.stream, s.topic),
        flags: flagsOf(s.m, s.read),
      });
      if (!s.read)
        ref.unread.set(s.id, {
          id: s.id,
          type: 'stream',
          stream: s.stream,
          topic: s.topic,
          ...s.m,
        });
      return;
    case 'dm':
      if (known(s.id)) return;
      e('message', {
        message: directMessage(s.id),
        flags: flagsOf({ mentioned: s.m.mentioned, wildcard: false }),
      });
      ref.unread.set(s.id, {
        id: s.id,
        type: 'private',
        stream: 0,
        topic: '',
        mentioned: s.m.mentioned,
        wildcard: false,
      });
      return;
    case 'read':
      e('update_message_flags', { op: 'add', flag: 'read', messages: s.ids, all: false });
      for (const id of s.ids) ref.unread.delete(id);
      return;
    case 'readAll':
      e('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true });
      ref.unread.clear();
      return;
    case 'unread': {
      if (known(s.id)) return;
      const details = s.dm
        ? { type: 'private', user_ids: [11], ...(s.mentioned ? { mentioned: true } : {}) }
        : {
            type: 'stream',
            stream_id: s.stream,
            topic: s.topic,
            ...(s.mentioned ? { mentioned: true } : {}),
          };
      e('update_message_flags', {
        op: 'remove',
        flag: 'read',
        messages: [s.id],
        all: false,
        message_details: { [s.id]: details },
      });
      ref.unread.set(
        s.id,
        s.dm
          ? {
              id: s.id,
              type: 'private',
              stream: 0,
              topic: '',
              mentioned: s.mentioned,
              wildcard: false,
            }
          : {
              id: s.id,
              type: 'stream',
              stream: s.stream,
              topic: s.topic,
              mentioned: s.mentioned,
              wildcard: false,
            },
      );
      return;
    }
    case 'edit': {
      const m = known(s.id);
      const m2 = m?.type === 'private' ? { ...s.m, wildcard: false } : s.m;
      e('update_message', {
        user_id: 11,
        message_id: s.id,
        message_ids: [s.id],
        flags: flagsOf(m2),
        edit_timestamp: 1,
      });
      if (m) Object.assign(m, m2);
      return;
    }
    case 'move': {
      const ids = s.ids.filter((id) => known(id)?.type !== 'private');
      if (s.to === null && s.topic === null) return;
      e('update_message', {
        user_id: 11,
        message_id: ids[0] ?? 0,
        message_ids: ids,
        flags: flagsOf(known(ids[0] ?? 0) ?? { mentioned: false, wildcard: false }),
        ...(s.to === null ? {} : { new_stream_id: s.to }),
        ...(s.topic === null ? {} : { subject: s.topic }),
      });
      for (const id of ids) {
        const m = known(id);
        if (m && s.to !== null) m.stream = s.to;
        if (m && s.topic !== null) m.topic = s.topic;
      }
      return;
    }
    case 'delete':
      e('delete_message', { message_type: 'stream', message_ids: s.ids });
      for (const id of s.ids) ref.unread.delete(id);
      return;
    case 'mute': {
      const c = ref.channels.get(s.stream)!;
      if (!c.subscribed) return;
      if (s.legacy)
        e('subscription', {
          op: 'update',
          stream_id: s.stream,
          property: 'in_home_view',
          value: !s.muted,
        });
      else
        e('subscription', {
          op: 'update',
          stream_id: s.stream,
          property: 'is_muted',
          value: s.muted,
        });
      c.muted = s.muted;
      return;
    }
    case 'subscribe': {
      const c = ref.channels.get(s.stream)!;
      if (s.on)
        e('subscription', { op: 'add', subscriptions: [subscription(s.stream, `s${s.stream}`)] });
      else
        e('subscription', {
          op: 'remove',
          subscriptions: [{ stream_id: s.stream, name: `s${s.stream}` }],
        });
      c.subscribed = s.on;
      c.muted = false;
      return;
    }
    case 'archive':
      e('stream', { op: 'update', stream_id: s.stream, property: 'is_archived', value: s.on });
      ref.channels.get(s.stream)!.archived = s.on;
      return;
    case 'topic':
      e('user_topic', {
        stream_id: s.stream,
        topic_name: s.topic,
        last_updated: 1,
        visibility_policy: s.policy,
      });
      ref.topics.set(`${s.stream}:${s.topic.toLowerCase()}`, s.policy);
      return;
  }
}

describe('the unread sets stay exact', () => {
  it('through any sequence of events, compared with a from-scratch recomputation', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const state = new AccountState(
          registerResponse({
            user_id: ME,
            user_settings: defaultSettings(),
            subscriptions: STREAMS.map((s) => subscription(s, `s${s}`)),
            streams: STREAMS.map((s) => ({ stream_id: s, name: `s${s}` })),
            unread_msgs: {
              count: 0,
              pms: [],
              huddles: [],
              streams: [],
              mentions: [],
              old_unreads_missing: false,
            },
            user_topics: [],
          }),
        );
        const ref = new Reference();
        for (const s of steps) {
          applyBoth(state, ref, s);
          const sets = ref.sets();
          expect(unreadSets(state)).toEqual(sets);
          expect(state.unreadCounts()).toEqual({
            dms: sets.dms.length,
            channelUnread: sets.channelUnread.length,
            mentions: sets.mentions.length,
            followed: sets.followed.length,
            mentionsOrDms: new Set([...sets.mentions, ...sets.dms]).size,
            mentionsDmsOrFollowed: new Set([...sets.mentions, ...sets.dms, ...sets.followed]).size,
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
