/**
 * The whole organization in memory: plain maps of records plus the lookups and
 * permission questions every route asks. Routes mutate records directly and then emit
 * events through the context's sink.
 */
import type {
  ChannelFolderRecord,
  ChannelRecord,
  InvitationRecord,
  LinkifierRecord,
  RealmEmojiRecord,
  MultiuseInviteRecord,
  ProfileFieldRecord,
  RealmRecord,
  SavedSnippetRecord,
  SubscriptionRecord,
  UserGroupRecord,
  UserRecord,
  UserTopicRecord,
} from './types.ts';
import { ROLE } from './types.ts';

export class ServerState {
  readonly realm: RealmRecord;
  readonly users = new Map<number, UserRecord>();
  readonly channels = new Map<number, ChannelRecord>();
  /** Keyed by `${user_id}:${stream_id}`; change through putSubscription / removeSubscription. */
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  /** stream_id -> subscribed user ids, so fan-out does not scan every subscription. */
  private readonly subscribersByStream = new Map<number, Set<number>>();
  private readonly streamsByUser = new Map<number, Set<number>>();
  /** Lowercased email -> user id; filled by addUser. */
  private readonly emailIndex = new Map<string, number>();
  readonly channelFolders = new Map<number, ChannelFolderRecord>();
  readonly userGroups = new Map<number, UserGroupRecord>();
  readonly profileFields = new Map<number, ProfileFieldRecord>();
  readonly linkifiers = new Map<number, LinkifierRecord>();
  /** Keyed by id (a decimal string, as the service keys them). */
  readonly realmEmoji = new Map<string, RealmEmojiRecord>();
  readonly savedSnippets = new Map<number, SavedSnippetRecord>();
  readonly invitations = new Map<number, InvitationRecord>();
  readonly multiuseInvites = new Map<number, MultiuseInviteRecord>();
  /** Keyed by `${user_id}:${stream_id}:${topic lowercased}`. */
  readonly userTopics = new Map<string, UserTopicRecord>();
  private readonly ids = new Map<string, number>();

  constructor(realm: RealmRecord) {
    this.realm = realm;
  }

  /** Next id of a kind; ids start at 1 and never repeat. */
  nextId(kind: string): number {
    const next = (this.ids.get(kind) ?? 0) + 1;
    this.ids.set(kind, next);
    return next;
  }

  get featureLevel(): number {
    return this.realm.feature_level;
  }

  // Users

  /** Stores a new user and indexes its emails. */
  putUser(u: UserRecord): void {
    this.users.set(u.user_id, u);
    this.emailIndex.set(u.email.toLowerCase(), u.user_id);
    this.emailIndex.set(u.delivery_email.toLowerCase(), u.user_id);
  }

  userByEmail(email: string): UserRecord | undefined {
    const id = this.emailIndex.get(email.toLowerCase());
    return id === undefined ? undefined : this.users.get(id);
  }

  activeUsers(): UserRecord[] {
    return [...this.users.values()].filter((u) => u.is_active);
  }

  activeUserIds(): number[] {
    return this.activeUsers().map((u) => u.user_id);
  }

  isAdmin(u: UserRecord): boolean {
    return u.role <= ROLE.admin;
  }

  // Channels and subscriptions

  channelByName(name: string): ChannelRecord | undefined {
    const wanted = name.trim().toLowerCase();
    for (const c of this.channels.values()) if (c.name.toLowerCase() === wanted) return c;
    return undefined;
  }

  subscription(userId: number, streamId: number): SubscriptionRecord | undefined {
    return this.subscriptions.get(`${userId}:${streamId}`);
  }

  putSubscription(sub: SubscriptionRecord): void {
    this.subscriptions.set(`${sub.user_id}:${sub.stream_id}`, sub);
    setOf(this.subscribersByStream, sub.stream_id).add(sub.user_id);
    setOf(this.streamsByUser, sub.user_id).add(sub.stream_id);
  }

  /** Returns whether the user was subscribed. */
  removeSubscription(userId: number, streamId: number): boolean {
    this.subscribersByStream.get(streamId)?.delete(userId);
    this.streamsByUser.get(userId)?.delete(streamId);
    return this.subscriptions.delete(`${userId}:${streamId}`);
  }

  /** Active subscribers, in id order. */
  subscribersOf(streamId: number): number[] {
    const ids = this.subscribersByStream.get(streamId) ?? [];
    return [...ids].filter((id) => this.users.get(id)?.is_active).sort((a, b) => a - b);
  }

  subscriptionsOf(userId: number): SubscriptionRecord[] {
    const out: SubscriptionRecord[] = [];
    for (const streamId of this.streamsByUser.get(userId) ?? []) {
      const sub = this.subscription(userId, streamId);
      if (sub) out.push(sub);
    }
    return out.sort((a, b) => a.stream_id - b.stream_id);
  }

  /** Whether the user can see that the channel exists (and read it if public). */
  canAccessChannel(u: UserRecord, c: ChannelRecord): boolean {
    if (this.subscription(u.user_id, c.stream_id)) return true;
    if (c.invite_only) return false;
    // Guests only see channels they are subscribed to (or web-public ones).
    return u.role !== ROLE.guest || c.is_web_public;
  }

  /**
   * Users who learn about events concerning the channel: everyone who may access a public
   * channel; a private channel's subscribers and the organization's administrators, who
   * manage every channel (upstream can_access_stream_user_ids and its peer events).
   */
  usersWhoSeeChannel(c: ChannelRecord): number[] {
    if (c.invite_only) {
      const admins = this.activeUsers().filter((u) => this.isAdmin(u));
      return [...new Set([...this.subscribersOf(c.stream_id), ...admins.map((u) => u.user_id)])];
    }
    return this.activeUsers()
      .filter((u) => this.canAccessChannel(u, c))
      .map((u) => u.user_id);
  }

  // User groups

  /** Direct and (unless directOnly) subgroup-inherited members; deactivated users are never members. */
  groupMembers(groupId: number, directOnly = false): Set<number> {
    const out = new Set<number>();
    const seen = new Set<number>();
    const visit = (id: number): void => {
      if (seen.has(id)) return;
      seen.add(id);
      const g = this.userGroups.get(id);
      if (!g) return;
      for (const m of g.members) if (this.users.get(m)?.is_active) out.add(m);
      if (!directOnly) for (const sub of g.subgroups) visit(sub);
    };
    visit(groupId);
    return out;
  }

  systemGroup(name: string): UserGroupRecord | undefined {
    for (const g of this.userGroups.values()) if (g.is_system_group && g.name === name) return g;
    return undefined;
  }

  // User topics

  userTopic(userId: number, streamId: number, topic: string): UserTopicRecord | undefined {
    return this.userTopics.get(`${userId}:${streamId}:${topic.toLowerCase()}`);
  }

  /** Policy 0 (inherit) is upstream's "no record": it is removed, not kept. */
  setUserTopic(rec: UserTopicRecord): void {
    const key = `${rec.user_id}:${rec.stream_id}:${rec.topic_name.toLowerCase()}`;
    if (rec.visibility_policy === 0) this.userTopics.delete(key);
    else this.userTopics.set(key, rec);
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
