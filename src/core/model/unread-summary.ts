/**
 * Exact unread counts per channel, topic and direct conversation, for the message sidebar.
 * Which messages count is decided by AccountState's unread sets alone (so muting works
 * exactly as for the badge); AccountState does not keep where each one was sent, so
 * UnreadPlaces remembers that for the unread messages only: the channel and topic, or the
 * other participants. It never holds message content.
 */
import type { AccountState, ApplyResult } from './account-state.ts';
import type {
  MessageDetails,
  MessageEvent,
  AccountRegister,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
} from './state-types.ts';
import { topicKey, type UnreadCounts } from './unreads.ts';
import type { EditRules } from '../../lib/message-permissions.ts';
import { LiveEditRules } from './edit-rules.ts';

/** Servers before feature level 53 do not send max_message_length; theirs was this. */
export const DEFAULT_MAX_MESSAGE_LENGTH = 10_000;

export type Place = { streamId: number; topic: string } | { userIds: number[] };

export interface TopicUnreads {
  /** The topic as first met; topics compare case-insensitively. */
  name: string;
  unread: number;
  /** The newest unread message's id: a topic older than the recent window is placed by it. */
  newestId: number;
}

export interface ChannelUnreads {
  unread: number;
  /** By lower-cased topic name. */
  topics: Map<string, TopicUnreads>;
}

export interface ConversationUnreads {
  /** The other participants, ascending; empty for the user's notes to self. */
  userIds: number[];
  names: string[];
  unread: number;
}

export interface UnreadSummary {
  counts: Readonly<UnreadCounts>;
  channels: Map<number, ChannelUnreads>;
  conversations: ConversationUnreads[];
  /** How the realm names the empty topic "" (realm_empty_topic_display_name). */
  emptyTopicName: string;
  /** The longest message the server takes, in code points (max_message_length). */
  maxMessageLength: number;
  /** Who may edit, move and delete which messages (the realm's rules for this user). */
  editRules: EditRules;
  /** What the message view needs of the reader to show and mark messages as they expect. */
  reader: ReaderFacts;
  /** The newest unread message that counts and where it was sent (a channel by name), if any. */
  newest?: { messageId: number; place: Place; channelName?: string };
}

export interface ReaderFacts {
  groupIds: number[];
  /** `twenty_four_hour_time`; null when the user (or the realm's default) leaves it to the locale. */
  twentyFourHour: boolean | null;
  /** `web_mark_read_on_scroll_policy`: 1 always, 2 in conversation views only, 3 never. */
  markReadPolicy: number;
  /** `web_home_view`: where the window opens and where Escape goes. */
  homeView: 'inbox' | 'recent' | 'all_messages';
  /** `web_escape_navigates_to_home_view` (upstream's default: yes). */
  escapeToHome: boolean;
}

/** A user setting, falling back to the realm's default for new users, (undefined if neither says). */
function setting(state: AccountState, name: string): unknown {
  const own = state.settings[name];
  return own !== undefined ? own : state.realmDefaults[name];
}

export function readerFacts(state: AccountState): ReaderFacts {
  const clock = setting(state, 'twenty_four_hour_time');
  const policy = setting(state, 'web_mark_read_on_scroll_policy');
  const home = setting(state, 'web_home_view');
  return {
    groupIds: [...state.groupIdsOf(state.userId)],
    twentyFourHour: typeof clock === 'boolean' ? clock : null,
    markReadPolicy: policy === 2 || policy === 3 ? policy : 1,
    homeView: home === 'inbox' || home === 'recent' ? home : 'all_messages',
    escapeToHome: setting(state, 'web_escape_navigates_to_home_view') !== false,
  };
}

export class UnreadPlaces {
  readonly #places = new Map<number, Place>();
  readonly #me: number;
  readonly emptyTopicName: string;
  readonly maxMessageLength: number;
  readonly #rules: LiveEditRules;

  constructor(register: AccountRegister) {
    this.#rules = new LiveEditRules(register);
    this.#me = register.user_id;
    const name = register['realm_empty_topic_display_name'];
    this.emptyTopicName = typeof name === 'string' ? name : '';
    const max = register['max_message_length'];
    this.maxMessageLength = typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_MESSAGE_LENGTH;
    const msgs = register.unread_msgs;
    for (const pm of msgs.pms) this.#setAll(pm.unread_message_ids, this.#dm([pm.other_user_id]));
    for (const h of msgs.huddles) {
      this.#setAll(h.unread_message_ids, this.#dm(h.user_ids_string.split(',').map(Number)));
    }
    for (const s of msgs.streams) {
      this.#setAll(s.unread_message_ids, { streamId: s.stream_id, topic: s.topic });
    }
  }

  /** Who may edit, move and delete which messages, as of the last event that changed it. */
  get editRules(): EditRules {
    return this.#rules.rules;
  }

  /** Follows one event the state has just applied, with what applying it did. */
  follow(event: { type: string }, result: ApplyResult, state: AccountState): void {
    this.#rules.follow(event);
    if (event.type === 'message') this.#message(event as MessageEvent, state);
    else if (event.type === 'update_message') this.#moved(event as UpdateMessageEvent);
    else if (event.type === 'update_message_flags') {
      this.#markedUnread(event as UpdateMessageFlagsEvent, state);
    }
    const gone = result.noLongerUnread;
    if (gone === 'all') this.#places.clear();
    else for (const id of gone ?? []) this.#places.delete(id);
  }

  get size(): number {
    return this.#places.size;
  }

  /** Where an unread message was sent, if it is unread. */
  placeOf(messageId: number): Place | undefined {
    return this.#places.get(messageId);
  }

  summarize(state: AccountState): UnreadSummary {
    const channels = new Map<number, ChannelUnreads>();
    // The newest placed unread is found in the same passes: message ids grow with time on a
    // server, so it is the highest id of either set.
    let best: UnreadSummary['newest'];
    const consider = (id: number, place: Place) => {
      if (best === undefined || id > best.messageId) best = { messageId: id, place };
    };
    for (const id of state.unreadIds('channelUnread')) {
      const place = this.#places.get(id);
      if (place === undefined) continue;
      consider(id, place);
      if (!('streamId' in place)) continue;
      let channel = channels.get(place.streamId);
      if (channel === undefined) {
        channel = { unread: 0, topics: new Map() };
        channels.set(place.streamId, channel);
      }
      channel.unread++;
      const key = topicKey(place.topic);
      const topic = channel.topics.get(key) ?? { name: place.topic, unread: 0, newestId: 0 };
      topic.unread++;
      if (id > topic.newestId) topic.newestId = id;
      channel.topics.set(key, topic);
    }
    const conversations = new Map<string, ConversationUnreads>();
    for (const id of state.unreadIds('dms')) {
      const place = this.#places.get(id);
      if (place === undefined) continue;
      consider(id, place);
      if (!('userIds' in place)) continue;
      const key = place.userIds.join(',');
      const conversation = conversations.get(key) ?? {
        userIds: place.userIds,
        names: place.userIds.map((u) => state.user(u)?.full_name ?? `user ${u}`),
        unread: 0,
      };
      conversation.unread++;
      conversations.set(key, conversation);
    }
    const newest = this.#newest(state, best);
    return {
      counts: state.unreadCounts(),
      channels,
      conversations: [...conversations.values()],
      emptyTopicName: this.emptyTopicName,
      maxMessageLength: this.maxMessageLength,
      editRules: this.editRules,
      reader: readerFacts(state),
      ...(newest ? { newest } : {}),
    };
  }

  /** The newest placed unread, `best`, with its channel's name when sent to one. */
  #newest(state: AccountState, best: UnreadSummary['newest']): UnreadSummary['newest'] {
    const streamId = best && 'streamId' in best.place ? best.place.streamId : undefined;
    const channelName =
      streamId === undefined
        ? undefined
        : (state.subscription(streamId)?.name ?? state.stream(streamId)?.name);
    return best && channelName !== undefined ? { ...best, channelName } : best;
  }

  #setAll(ids: readonly number[], place: Place): void {
    for (const id of ids) this.#places.set(id, place);
  }

  #dm(participants: readonly number[]): Place {
    return { userIds: participants.filter((id) => id !== this.#me).sort((a, b) => a - b) };
  }

  #message({ message: m }: MessageEvent, state: AccountState): void {
    if (!state.isUnread(m.id)) return;
    if (m.type === 'stream' && m.stream_id !== undefined) {
      this.#places.set(m.id, { streamId: m.stream_id, topic: m.subject });
    } else if (Array.isArray(m.display_recipient)) {
      this.#places.set(m.id, this.#dm(m.display_recipient.map((r) => r.id)));
    }
  }

  #moved(e: UpdateMessageEvent): void {
    if (e.new_stream_id === undefined && e.subject === undefined) return;
    for (const id of e.message_ids) {
      const place = this.#places.get(id);
      if (place === undefined || !('streamId' in place)) continue;
      this.#places.set(id, {
        streamId: e.new_stream_id ?? place.streamId,
        topic: e.subject ?? place.topic,
      });
    }
  }

  #markedUnread(e: UpdateMessageFlagsEvent, state: AccountState): void {
    if (e.flag !== 'read' || e.op !== 'remove') return;
    for (const id of e.messages) {
      const details: MessageDetails | undefined = e.message_details?.[String(id)];
      if (details === undefined || !state.isUnread(id)) continue;
      if (details.type === 'stream' && details.stream_id !== undefined) {
        this.#places.set(id, { streamId: details.stream_id, topic: details.topic ?? '' });
      } else if (details.type === 'private') {
        this.#places.set(id, this.#dm(details.user_ids ?? []));
      }
    }
  }
}
