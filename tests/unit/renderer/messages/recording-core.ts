/**
 * A Core for screen controllers under plain Node: it answers `messages.fetch` and
 * `messages.byIds` from a list of messages the test holds (as the server would page them),
 * the sidebar and directory from what the test sets, records every call, and pushes topics
 * when the test says. Anything it was not told to answer is refused, as a Core that cannot
 * reach its server refuses it.
 */
import type { Channel, Payload, Topic } from '../../../../src/contract/contract.ts';
import type {
  MessageWire,
  MessagesPage,
  NarrowTermWire,
  Sidebar,
} from '../../../../src/contract/schemas/messages.ts';
import { OPEN_RULES } from '../../../../src/lib/message-permissions.ts';
import type { Invoke, Listen, RpcPort } from '../../../../src/renderer/lib/rpc-port.ts';

type FetchArgs = {
  narrow: NarrowTermWire[];
  anchor: number | string;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
};

function holds(narrow: NarrowTermWire[], m: MessageWire): boolean {
  return narrow.every((t) => {
    const yes =
      t.operator === 'channel'
        ? m.display_recipient === t.operand || m.stream_id === t.operand
        : t.operator === 'topic'
          ? m.subject === t.operand
          : t.operator === 'search'
            ? m.content.includes(String(t.operand))
            : t.operator === 'sender'
              ? m.sender_id === t.operand
              : true;
    return t.negated ? !yes : yes;
  });
}

export const SIDEBAR: Sidebar = {
  folders: [],
  channels: [
    {
      streamId: 1,
      name: 'general',
      color: '#76ce90',
      pinned: false,
      muted: false,
      folderId: null,
      unread: 0,
      topics: [],
    },
  ],
  conversations: [],
  counts: { unread: 0, mentions: 0, followed: 0, dms: 0 },
  emptyTopicName: 'general chat',
  maxMessageLength: 10000,
  editRules: OPEN_RULES,
  reader: { groupIds: [], twentyFourHour: true, markReadPolicy: 1 },
};

export class RecordingCore implements RpcPort {
  /** The server's messages, oldest first; tests change them behind the screen's back. */
  messages: MessageWire[] = [];
  sidebar: Sidebar | undefined = SIDEBAR;
  /** Channels refused with this error (the server is out of reach, say). */
  readonly refuse = new Map<Channel, Error>();
  readonly calls: { channel: Channel; args: Record<string, unknown> }[] = [];
  readonly #listeners = new Map<Topic, Set<(payload: never) => void>>();

  invoke: Invoke = (channel, args) => {
    this.calls.push({ channel, args: args as Record<string, unknown> });
    const refused = this.refuse.get(channel);
    const answer = refused ?? this.#answer(channel, args as Record<string, unknown>);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as never);
  };

  on: Listen = (topic, listener) => {
    const set = this.#listeners.get(topic) ?? new Set();
    this.#listeners.set(topic, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  };

  push<T extends Topic>(topic: T, payload: Payload<T>): void {
    for (const listener of this.#listeners.get(topic) ?? []) listener(payload as never);
  }

  /** The calls made on one channel, in order. */
  callsTo(channel: Channel): Record<string, unknown>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.args);
  }

  #answer(channel: Channel, args: Record<string, unknown>): unknown {
    switch (channel) {
      case 'messages.fetch':
        return this.#page(args as unknown as FetchArgs);
      case 'messages.byIds': {
        const ids = new Set(args.messageIds as number[]);
        const narrow = (args.narrow as NarrowTermWire[] | undefined) ?? [];
        return this.messages.filter((m) => ids.has(m.id) && holds(narrow, m));
      }
      case 'messages.sidebar':
        // A snapshot as of the Core's patch count: patches after it follow from 1.
        return this.sidebar
          ? { ...this.sidebar, accountId: args.accountId, seq: 0 }
          : new Error('no sidebar');
      case 'messages.sidebarUnwatch':
        return {};
      case 'compose.directory':
        return { users: [], groups: [], channels: [], enterSends: true, mayMentionMany: true };
      case 'drafts.list':
        return [];
      case 'sync.status':
        return [];
      case 'messages.markRead':
      case 'messages.react':
      case 'drafts.save':
      case 'drafts.delete':
        return {};
      default:
        return new Error(`${channel} is not answered here`);
    }
  }

  #page({ narrow, anchor, includeAnchor, numBefore, numAfter }: FetchArgs): MessagesPage {
    const all = this.messages.filter((m) => holds(narrow, m));
    const unread = all.find((m) => !m.flags.includes('read'))?.id;
    const at =
      anchor === 'newest'
        ? (all.at(-1)?.id ?? 0)
        : anchor === 'oldest'
          ? (all[0]?.id ?? 0)
          : anchor === 'first_unread'
            ? (unread ?? all.at(-1)?.id ?? 0)
            : Number(anchor);
    const before = all.filter((m) => m.id < at).slice(-numBefore || all.length);
    const after = all.filter((m) => m.id > at).slice(0, numAfter);
    const here = all.filter((m) => m.id === at && includeAnchor);
    const messages = [...(numBefore ? before : []), ...here, ...after];
    return {
      messages,
      foundAnchor: here.length > 0,
      foundOldest: messages[0]?.id === all[0]?.id || all.length === 0,
      foundNewest: messages.at(-1)?.id === all.at(-1)?.id || all.length === 0,
      historyLimited: false,
      anchor: typeof anchor === 'number' || all.length > 0 ? at : null,
    };
  }
}
