/**
 * The people and places of the demo organization: users of every role and bots of every
 * type, nested user groups, channel folders, public and private channels with their
 * subscribers (some muted), custom profile fields of every type, linkifiers, saved
 * snippets, alert words and topic visibility policies. Everything comes from the seed.
 */
import type { ServerState } from '../state/state.ts';
import { addChannel, addSubscription, addUser, addUserGroup } from '../state/factory.ts';
import { ROLE, type ChannelRecord, type UserRecord } from '../state/types.ts';
import type { Random } from './random.ts';
import { ALERT_WORDS, CHANNELS, FIRST_NAMES, LAST_NAMES } from './vocabulary.ts';
import { seedRealmEmoji } from '../emoji/seed.ts';

export const DEMO_DOMAIN = 'perch.demo';

export interface DemoOrg {
  humans: UserRecord[];
  owner: UserRecord;
  channels: ChannelRecord[];
  /** Subscribers of each channel, ascending, as message recipients. */
  subscribers: Map<number, number[]>;
}

function roleOf(index: number, total: number): number {
  if (index === 0) return ROLE.owner;
  if (index === 1) return ROLE.admin;
  if (index === 2) return ROLE.moderator;
  if (index === total - 1) return ROLE.guest;
  return ROLE.member;
}

function addHumans(state: ServerState, rng: Random, count: number, now: number): UserRecord[] {
  const total = Math.max(count, 5);
  const humans: UserRecord[] = [];
  for (let i = 0; i < total; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'User';
    const last =
      LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length] ?? 'Person';
    const suffix = i < FIRST_NAMES.length ? '' : String(Math.floor(i / FIRST_NAMES.length) + 1);
    const u = addUser(state, {
      email: `${first.toLowerCase()}.${last.toLowerCase()}${suffix}@${DEMO_DOMAIN}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      full_name: `${first} ${last}${suffix}`,
      role: roleOf(i, total),
      date_joined: now - 400 * 86400 + i * 3600,
      api_key: rng.token(32),
      password: rng.token(16),
    });
    u.timezone = rng.pick(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', '']);
    if (u.role <= ROLE.admin) u.can_create_users = true;
    if (rng.chance(0.35)) u.alert_words = rng.sample(ALERT_WORDS, 1 + rng.int(2));
    humans.push(u);
  }
  return humans;
}

function addBots(state: ServerState, rng: Random, owner: UserRecord, now: number): void {
  const types: [string, string, number][] = [
    ['helper', 'Helper Bot', 1],
    ['alerts', 'Alerts Webhook', 2],
    ['echo', 'Echo Bot', 3],
    ['trivia', 'Trivia Bot', 4],
  ];
  for (const [local, full_name, bot_type] of types) {
    const bot = addUser(state, {
      email: `${local}-bot@${DEMO_DOMAIN}`,
      full_name,
      role: ROLE.member,
      date_joined: now - 200 * 86400,
      is_bot: true,
      bot_type,
      bot_owner_id: owner.user_id,
      api_key: rng.token(32),
    });
    // The outgoing-webhook bot has no URL until one is configured.
    if (bot_type === 3) bot.webhook = { url: '', token: rng.token(32) };
  }
}

function addGroups(state: ServerState, rng: Random, humans: UserRecord[], now: number): void {
  const members = humans.filter((u) => u.role !== ROLE.guest);
  const backend = addUserGroup(state, {
    name: 'backend',
    members: rng.sample(members, 3).map((u) => u.user_id),
    date_created: now,
  });
  const frontend = addUserGroup(state, {
    name: 'frontend',
    members: rng.sample(members, 3).map((u) => u.user_id),
    date_created: now,
  });
  addUserGroup(state, {
    name: 'engineering',
    description: 'Everyone who builds the product',
    members: rng.sample(members, 2).map((u) => u.user_id),
    subgroups: [backend.id, frontend.id],
    date_created: now,
  });
  addUserGroup(state, {
    name: 'support-team',
    members: rng.sample(members, 4).map((u) => u.user_id),
    date_created: now,
  });
}

function addFolders(state: ServerState, now: number, ownerId: number): number[] {
  const specs: [string, string, boolean][] = [
    ['Teams', 'Where each team works', false],
    ['Company', 'News and chatter for everyone', false],
    ['Old projects', '', true],
  ];
  return specs.map(([name, description, archived], order) => {
    const id = state.nextId('channel_folder');
    state.channelFolders.set(id, {
      channel_folder_id: id,
      name,
      description,
      is_archived: archived,
      order,
      date_created: now,
      creator_id: ownerId,
    });
    return id;
  });
}

function addChannels(
  state: ServerState,
  rng: Random,
  count: number,
  humans: UserRecord[],
  now: number,
): DemoOrg['subscribers'] {
  const owner = humans[0] as UserRecord;
  const folders = addFolders(state, now, owner.user_id);
  const subscribers = new Map<number, number[]>();
  for (let i = 0; i < Math.max(count, 2); i++) {
    const base = CHANNELS[i % CHANNELS.length] ?? 'channel';
    const name = i < CHANNELS.length ? base : `${base}-${Math.floor(i / CHANNELS.length) + 1}`;
    const channel = addChannel(state, {
      name,
      description: `Talk about **${name}**`,
      invite_only: i > 0 && i % 4 === 3,
      date_created: now - 380 * 86400,
      creator_id: owner.user_id,
      folder_id: i === 0 ? null : (folders[i % folders.length] ?? null),
      is_default: i === 0,
    });
    const ids: number[] = [];
    for (const u of humans) {
      const everyone = i === 0;
      const staff = channel.invite_only
        ? u.role <= ROLE.moderator || rng.chance(0.3)
        : rng.chance(0.65);
      if (!everyone && (u.role === ROLE.guest ? i !== 1 : !staff) && u !== owner) continue;
      const sub = addSubscription(state, u.user_id, channel.stream_id);
      if (!everyone && rng.chance(0.12)) sub.is_muted = true;
      if (rng.chance(0.08)) sub.pin_to_top = true;
      if (rng.chance(0.1)) sub.notify.desktop_notifications = rng.chance(0.5);
      ids.push(u.user_id);
    }
    subscribers.set(
      channel.stream_id,
      ids.sort((a, b) => a - b),
    );
  }
  return subscribers;
}

function addProfileFields(state: ServerState, rng: Random, humans: UserRecord[]): void {
  const fields: [string, number, Record<string, unknown>][] = [
    ['Team', 1, {}],
    ['About me', 2, {}],
    [
      'Office',
      3,
      { berlin: { text: 'Berlin', order: '1' }, remote: { text: 'Remote', order: '2' } },
    ],
    ['Birthday', 4, {}],
    ['Website', 5, {}],
    ['Mentor', 6, {}],
    ['GitHub', 7, { subtype: 'github' }],
    ['Pronouns', 8, {}],
  ];
  fields.forEach(([name, field_type, field_data], order) => {
    const id = state.nextId('profile_field');
    state.profileFields.set(id, {
      id,
      name,
      hint: '',
      field_type,
      field_data,
      display_in_profile_summary: order < 2,
      required: false,
      editable_by_user: true,
      use_for_user_matching: field_type === 7,
      order,
    });
    const values: Record<number, (u: UserRecord) => string> = {
      1: () => rng.pick(['Platform', 'Apps', 'Sales', 'Support']),
      2: (u) => `Hi, I am ${u.full_name}.`,
      3: () => rng.pick(['berlin', 'remote']),
      4: () => `19${70 + rng.int(30)}-0${1 + rng.int(9)}-1${rng.int(10)}`,
      5: (u) => `https://example.com/~${u.email.split('@')[0] ?? ''}`,
      6: () => JSON.stringify([(rng.pick(humans) as UserRecord).user_id]),
      7: (u) => (u.email.split('@')[0] ?? '').replace('.', '-'),
      8: () => rng.pick(['she/her', 'he/him', 'they/them']),
    };
    for (const u of humans)
      if (rng.chance(0.7)) u.profile_data.set(id, values[field_type]?.(u) ?? '');
  });
}

function addRealmExtras(state: ServerState, rng: Random, humans: UserRecord[], now: number): void {
  const linkifiers: [string, string][] = [
    ['#(?P<id>[0-9]+)', 'https://github.com/perch/perch/issues/{id}'],
    ['RFC (?P<rfc>[0-9]+)', 'https://www.rfc-editor.org/rfc/rfc{rfc}'],
  ];
  for (const [pattern, url_template] of linkifiers) {
    const id = state.nextId('linkifier');
    state.linkifiers.set(id, {
      id,
      pattern,
      url_template,
      reverse_template: null,
      alternative_url_templates: [],
    });
  }
  const snippets: [string, string][] = [
    ['Welcome', 'Welcome aboard! Start with #**general**.'],
    ['Standup', '**Yesterday:**\n**Today:**\n**Blockers:**'],
    ['Thanks', 'Thanks, that helps a lot!'],
  ];
  for (const u of humans.slice(0, 4)) {
    for (const [title, content] of rng.sample(snippets, 2)) {
      const id = state.nextId('saved_snippet');
      state.savedSnippets.set(id, {
        saved_snippet_id: id,
        user_id: u.user_id,
        title,
        content,
        date_created: now,
      });
    }
  }
}

export function buildOrganization(
  state: ServerState,
  rng: Random,
  sizes: { users: number; channels: number },
  now: number,
): DemoOrg {
  const humans = addHumans(state, rng, sizes.users, now);
  const owner = humans[0] as UserRecord;
  addBots(state, rng, owner, now);
  addGroups(state, rng, humans, now);
  const subscribers = addChannels(state, rng, sizes.channels, humans, now);
  addProfileFields(state, rng, humans);
  addRealmExtras(state, rng, humans, now);
  seedRealmEmoji(state, owner.user_id);
  return { humans, owner, channels: [...state.channels.values()], subscribers };
}
