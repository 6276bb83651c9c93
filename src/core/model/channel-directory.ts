/**
 * One account's channel directory: every channel the user can see (register's `streams`
 * and `subscriptions`), its description and subscriber count, the user's state in it and
 * their own settings where subscribed, and whether the organization lets them create
 * channels. Built from POST /register and kept current by the events the account's queue
 * applies; it records which channels each event changed, for the push to the renderer.
 */
import { LiveRules } from './live-rules.ts';
import { role } from './edit-rules.ts';
import type { AccountRegister, Stream, Subscription } from './state-types.ts';
import { NotifyProperty } from '../../contract/schemas/admin-people.ts';
import type { ChannelRowWire, ChannelsMetaWire } from '../../contract/schemas/channels.ts';
import { creationRulesFrom, type CreationRules } from './channel-creation.ts';

/** Spec 2.4: the user-level setting each channel-level notification setting inherits. */
export const INHERITS_FROM: Record<NotifyProperty, string> = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
};
const INHERITED_SETTINGS = new Set(Object.values(INHERITS_FROM));

const ADMIN_ROLE = 200;
const GUEST_ROLE = 600;

type Raw = Record<string, unknown> & { type?: unknown; op?: unknown };

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

export interface DirectoryChanges {
  changed: number[];
  removed: number[];
  meta: boolean;
}

export class ChannelDirectory {
  readonly #streams = new Map<number, Stream>();
  readonly #subs = new Map<number, Subscription>();
  readonly #settings: Record<string, unknown>;
  readonly #creation: LiveRules<CreationRules>;
  readonly #realmName: string;
  #role: number | undefined;
  readonly #me: number;
  readonly #changed = new Set<number>();
  readonly #removed = new Set<number>();
  #metaChanged = false;

  constructor(register: AccountRegister) {
    const r = register as Record<string, unknown>;
    const visible = [
      ...(register.streams ?? []),
      ...((r['never_subscribed'] as Stream[] | undefined) ?? []),
    ];
    for (const s of visible) this.#streams.set(s.stream_id, { ...s });
    for (const sub of register.subscriptions) this.#subscribe(sub);
    this.#settings = { ...register.user_settings };
    this.#creation = new LiveRules(register, creationRulesFrom);
    this.#realmName = register.realm_name ?? '';
    this.#role = role(register);
    this.#me = register.user_id;
  }

  /** Follows one event the account's state has applied. */
  follow(e: Raw): void {
    if (this.#creation.follow(e)) this.#metaChanged = true;
    switch (e.type) {
      case 'subscription':
        this.#subscription(e);
        return;
      case 'stream':
        this.#stream(e);
        return;
      case 'user_settings':
        if (e.op === 'update' && typeof e.property === 'string') this.#setting(e.property, e.value);
        return;
      case 'update_global_notifications':
        if (typeof e.notification_name === 'string') this.#setting(e.notification_name, e.setting);
        return;
      case 'realm_user':
        this.#person(e);
        return;
    }
  }

  /** The channels changed and removed since the last call, and whether the rest changed. */
  takeChanges(): DirectoryChanges {
    const out = {
      changed: [...this.#changed].filter((id) => !this.#removed.has(id)),
      removed: [...this.#removed],
      meta: this.#metaChanged,
    };
    this.#changed.clear();
    this.#removed.clear();
    this.#metaChanged = false;
    return out;
  }

  /** Every channel the user can see, by name. */
  rows(): ChannelRowWire[] {
    return [...this.#streams.keys()]
      .flatMap((id) => this.row(id) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  row(streamId: number): ChannelRowWire | undefined {
    const s = this.#streams.get(streamId);
    if (!s || s.is_archived === true) return undefined;
    const sub = this.#subs.get(streamId);
    const inviteOnly = s['invite_only'] === true;
    const count = num(s['subscriber_count']);
    const row: ChannelRowWire = {
      streamId,
      name: s.name,
      descriptionHtml:
        typeof s['rendered_description'] === 'string' ? s['rendered_description'] : '',
      inviteOnly,
      webPublic: s['is_web_public'] === true,
      subscriberCount: count === undefined ? null : Math.max(0, count),
      state: sub ? 'subscribed' : 'not-subscribed',
      canRejoin: !inviteOnly || this.#isAdmin(),
    };
    const cannot = sub ? undefined : this.#cannotJoin(inviteOnly);
    if (cannot) {
      row.state = 'cannot-join';
      row.cannotJoin = cannot;
    }
    if (sub) row.subscription = mySubscription(sub);
    return row;
  }

  meta(): ChannelsMetaWire {
    return {
      realmName: this.#realmName,
      creation: { ...this.#creation.rules },
      notifyDefaults: Object.fromEntries(
        NotifyProperty.options.map((p) => [p, this.#settings[INHERITS_FROM[p]] === true]),
      ) as Record<NotifyProperty, boolean>,
    };
  }

  /** The channel's name, for a request that names channels (subscribe, unsubscribe). */
  name(streamId: number): string | undefined {
    return this.#streams.get(streamId)?.name;
  }

  #isAdmin(): boolean {
    return this.#role !== undefined && this.#role <= ADMIN_ROLE;
  }

  #cannotJoin(inviteOnly: boolean): string | undefined {
    if (inviteOnly && !this.#isAdmin())
      return 'A private channel: a subscriber or an administrator has to add you.';
    if (this.#role === GUEST_ROLE) return 'As a guest, you join channels when someone adds you.';
    return undefined;
  }

  #subscribe(sub: Subscription): void {
    this.#subs.set(sub.stream_id, { ...sub });
    const known = this.#streams.get(sub.stream_id);
    this.#streams.set(sub.stream_id, { ...known, ...sub });
  }

  #subscription(e: Raw): void {
    switch (e.op) {
      case 'add':
        for (const sub of (e.subscriptions as Subscription[] | undefined) ?? []) {
          const before = num(this.#streams.get(sub.stream_id)?.['subscriber_count']);
          this.#subscribe(sub);
          const stream = this.#streams.get(sub.stream_id)!;
          // Counted in the object where the server sends it; otherwise the user is one more.
          if (num(sub['subscriber_count']) === undefined && before !== undefined)
            stream['subscriber_count'] = before + 1;
          this.#changed.add(sub.stream_id);
        }
        return;
      case 'remove':
        for (const { stream_id } of (e.subscriptions as { stream_id: number }[] | undefined) ??
          []) {
          this.#subs.delete(stream_id);
          const stream = this.#streams.get(stream_id);
          if (!stream) continue;
          this.#count(stream, -1);
          // A private channel left without a way back is no longer the user's to see.
          if (stream['invite_only'] === true && !this.#isAdmin()) {
            this.#streams.delete(stream_id);
            this.#removed.add(stream_id);
          } else this.#changed.add(stream_id);
        }
        return;
      case 'update': {
        const id = num(e.stream_id);
        const sub = id === undefined ? undefined : this.#subs.get(id);
        if (!sub || typeof e.property !== 'string') return;
        sub[e.property] = e.value;
        // The server sends a mute as two events, one per property; either alone is enough.
        if (e.property === 'in_home_view') sub.is_muted = e.value === false;
        if (e.property === 'is_muted') sub.in_home_view = e.value === false;
        this.#changed.add(sub.stream_id);
        return;
      }
      case 'peer_add':
      case 'peer_remove': {
        // The user's own change came as `add` or `remove` and is counted there; the API
        // documentation sends peer events to the other users only, but a server that also
        // sends one to the user must not count the user twice.
        const others = ids(e.user_ids).filter((id) => id !== this.#me);
        const delta = others.length * (e.op === 'peer_add' ? 1 : -1);
        for (const id of ids(e.stream_ids)) {
          const stream = this.#streams.get(id);
          if (!stream) continue;
          this.#count(stream, delta);
          this.#changed.add(id);
        }
        return;
      }
    }
  }

  #count(stream: Stream, delta: number): void {
    const count = num(stream['subscriber_count']);
    if (count !== undefined) stream['subscriber_count'] = Math.max(0, count + delta);
  }

  #stream(e: Raw): void {
    if (e.op === 'create') {
      for (const s of (e.streams as Stream[] | undefined) ?? []) {
        this.#streams.set(s.stream_id, { ...this.#streams.get(s.stream_id), ...s });
        this.#changed.add(s.stream_id);
      }
      return;
    }
    if (e.op === 'delete') {
      // `streams` is deprecated since feature level 343 in favour of `stream_ids`.
      const gone = [
        ...ids(e.stream_ids),
        ...((e.streams as Stream[] | undefined) ?? []).map((s) => s.stream_id),
      ];
      for (const id of gone) {
        if (this.#subs.has(id)) {
          const stream = this.#streams.get(id);
          if (stream) stream.is_archived = true;
        } else this.#streams.delete(id);
        this.#removed.add(id);
      }
      return;
    }
    const id = num(e.stream_id);
    const stream = id === undefined ? undefined : this.#streams.get(id);
    if (!stream || e.op !== 'update' || typeof e.property !== 'string') return;
    stream[e.property] = e.value;
    // Upstream sends the companions of a change in the same event.
    for (const extra of [
      'rendered_description',
      'history_public_to_subscribers',
      'is_web_public',
    ]) {
      if (e[extra] !== undefined) stream[extra] = e[extra];
    }
    const sub = this.#subs.get(stream.stream_id);
    if (sub && e.property === 'name') sub.name = String(e.value);
    if (stream.is_archived === true) this.#removed.add(stream.stream_id);
    else this.#changed.add(stream.stream_id);
  }

  #setting(name: string, value: unknown): void {
    this.#settings[name] = value;
    if (INHERITED_SETTINGS.has(name)) this.#metaChanged = true;
  }

  /** A new role changes which channels the user may join or rejoin: every row is redrawn. */
  #person(e: Raw): void {
    const person = e.person as { user_id?: unknown; role?: unknown } | undefined;
    if (e.op !== 'update' || person?.user_id !== this.#me || typeof person.role !== 'number')
      return;
    this.#role = person.role;
    for (const id of this.#streams.keys()) this.#changed.add(id);
  }
}

function mySubscription(sub: Subscription) {
  return {
    color: typeof sub.color === 'string' ? sub.color : '#c2c2c2',
    isMuted: sub.is_muted === true || sub.in_home_view === false,
    pinToTop: sub.pin_to_top === true,
    notify: Object.fromEntries(
      NotifyProperty.options.map((p) => [p, (sub[p] as boolean | null | undefined) ?? null]),
    ) as Record<NotifyProperty, boolean | null>,
  };
}
