import { describe, expect, it } from 'vitest';
import type { FetchedMessage } from '../../../../src/api/schemas/message.ts';
import type { Subscription } from '../../../../src/api/schemas/subscription.ts';
import {
  addToSources,
  buildSidebar,
  SidebarRows,
  type SidebarSources,
} from '../../../../src/core/messages/sidebar.ts';
import type { UnreadSummary } from '../../../../src/core/model/unread-summary.ts';

const ME = 1;
const people = [
  { id: ME, full_name: 'Me' },
  { id: 2, full_name: 'Ada' },
  { id: 3, full_name: 'Bo' },
];

function channelMessage(id: number, streamId: number, topic: string): FetchedMessage {
  return {
    id,
    type: 'stream',
    stream_id: streamId,
    subject: topic,
    display_recipient: `channel ${streamId}`,
  } as unknown as FetchedMessage;
}

function dm(id: number, ...userIds: number[]): FetchedMessage {
  return {
    id,
    type: 'private',
    subject: '',
    display_recipient: people.filter((p) => p.id === ME || userIds.includes(p.id)),
  } as unknown as FetchedMessage;
}

function sub(streamId: number, name: string): Subscription {
  return { stream_id: streamId, name, color: '#abcdef' } as unknown as Subscription;
}

function summary(
  topics: [streamId: number, topic: string, unread: number, newestId: number][],
  dms: { userIds: number[]; unread: number }[],
): UnreadSummary {
  const channels = new Map<
    number,
    { unread: number; topics: Map<string, { name: string; unread: number; newestId: number }> }
  >();
  for (const [streamId, name, unread, newestId] of topics) {
    const c = channels.get(streamId) ?? { unread: 0, topics: new Map() };
    c.unread += unread;
    c.topics.set(name.toLowerCase(), { name, unread, newestId });
    channels.set(streamId, c);
  }
  return {
    counts: { channelUnread: 0, dms: 0, mentions: 0, followed: 0 },
    channels,
    conversations: dms.map((d) => ({
      userIds: d.userIds,
      names: d.userIds.map((u) => people.find((p) => p.id === u)!.full_name),
      unread: d.unread,
    })),
    emptyTopicName: 'general chat',
    maxMessageLength: 10_000,
    editRules: undefined,
    reader: undefined,
  } as unknown as UnreadSummary;
}

/** The same sources in lists of their own: what a sidebar built with nothing kept shows. */
function fresh(sources: SidebarSources): SidebarSources {
  return { ...sources, recent: [...sources.recent], recentDms: [...sources.recentDms] };
}

describe('the sidebar rebuilt from kept sources', () => {
  it('lists what a sidebar built afresh lists after new messages and read marks', () => {
    const recent = [channelMessage(10, 1, 'Lunch'), channelMessage(11, 2, 'Build'), dm(12, 2)];
    const sources: SidebarSources = {
      subscriptions: [sub(1, 'general'), sub(2, 'dev')],
      folders: [],
      recent,
      recentDms: recent.filter((m) => m.stream_id === undefined),
    };
    const rows = new SidebarRows();
    const steps: [FetchedMessage | undefined, UnreadSummary][] = [
      [undefined, summary([[1, 'Lunch', 1, 10]], [{ userIds: [2], unread: 1 }])],
      // A new message in a new topic and a new conversation.
      [
        channelMessage(13, 2, 'Deploy'),
        summary(
          [
            [1, 'Lunch', 1, 10],
            [2, 'Deploy', 1, 13],
          ],
          [{ userIds: [2], unread: 1 }],
        ),
      ],
      [dm(14, 2, 3), summary([[2, 'Deploy', 1, 13]], [{ userIds: [2, 3], unread: 1 }])],
      // Read marks alone: the recent lists are as they were.
      [undefined, summary([], [{ userIds: [2, 3], unread: 1 }])],
      [undefined, summary([], [])],
      // An older topic becomes the newest again.
      [channelMessage(15, 1, 'lunch'), summary([[1, 'Lunch', 1, 15]], [])],
    ];
    for (const [message, unreads] of steps) {
      if (message) addToSources(sources, message);
      const kept = buildSidebar(sources, ME, unreads, rows);
      expect(kept).toEqual(buildSidebar(fresh(sources), ME, unreads));
    }
    const last = buildSidebar(sources, ME, steps.at(-1)![1], rows);
    expect(last.channels.map((c) => [c.name, c.topics.map((t) => [t.name, t.unread])])).toEqual([
      [
        'dev',
        [
          ['Deploy', 0],
          ['Build', 0],
        ],
      ],
      ['general', [['Lunch', 1]]],
    ]);
    expect(last.conversations.map((c) => [c.names, c.unread])).toEqual([
      [['Ada', 'Bo'], 0],
      [['Ada'], 0],
    ]);
  });

  it('drops a topic whose last kept message is pushed out by new ones, as a fresh fetch would', () => {
    // The kept list holds the newest 1 000 messages: 'Old' has only the oldest of them.
    const recent = [channelMessage(1, 1, 'Old')];
    for (let id = 2; id <= 1000; id++) {
      recent.push(channelMessage(id, id % 2 === 0 ? 1 : 2, id % 3 === 0 ? 'Lunch' : 'Build'));
    }
    const sources: SidebarSources = {
      subscriptions: [sub(1, 'general'), sub(2, 'dev')],
      folders: [],
      recent,
      recentDms: [],
    };
    const rows = new SidebarRows();
    const topicsOf = (streamId: number) =>
      buildSidebar(sources, ME, undefined, rows)
        .channels.find((c) => c.streamId === streamId)!
        .topics.map((t) => t.name);
    expect(topicsOf(1)).toContain('Old');
    const steps = [
      channelMessage(1001, 2, 'Build'),
      channelMessage(1002, 1, 'New'),
      dm(1003, 2),
      channelMessage(1004, 1, 'build'),
      channelMessage(1005, 2, 'Deploy'),
    ];
    for (const message of steps) {
      addToSources(sources, message);
      expect(buildSidebar(sources, ME, undefined, rows)).toEqual(
        buildSidebar(fresh(sources), ME, undefined),
      );
    }
    expect(topicsOf(1)).toEqual(['build', 'New', 'Lunch']);
    expect(topicsOf(2)).toEqual(['Deploy', 'Build', 'Lunch']);
  });

  it('names the conversations from the reader’s side when another account reads the same list', () => {
    const recent = [dm(20, 2)];
    const sources: SidebarSources = { subscriptions: [], folders: [], recent, recentDms: recent };
    expect(buildSidebar(sources, ME, undefined).conversations[0]!.names).toEqual(['Ada']);
    expect(buildSidebar(sources, 2, undefined).conversations[0]!.names).toEqual(['Me']);
  });
  it('lists a channel’s eight most recently active read topics, newest first, and every unread one', () => {
    // Twelve read topics, each with two messages, then an old unread one beyond the eight.
    const recent = [channelMessage(1, 1, 'Backlog')];
    for (let t = 0; t < 12; t++) {
      recent.push(channelMessage(10 + 2 * t, 1, `T${t}`), channelMessage(11 + 2 * t, 1, `T${t}`));
    }
    const sources: SidebarSources = {
      subscriptions: [sub(1, 'general')],
      folders: [],
      recent,
      recentDms: [],
    };
    const topics = buildSidebar(
      sources,
      ME,
      summary([[1, 'Backlog', 1, 1]], []),
    ).channels[0]!.topics.map((t) => [t.name, t.unread]);
    expect(topics).toEqual([
      ...['T11', 'T10', 'T9', 'T8', 'T7', 'T6', 'T5', 'T4'].map((name) => [name, 0]),
      ['Backlog', 1],
    ]);
  });
});
