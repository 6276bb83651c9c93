/**
 * The organization health view: what an owner should look at this week,
 * from data every admin endpoint already gives. Pure, so each finding is tested on its own;
 * health-report.ts gathers the inputs.
 *
 * Every finding names people, groups, channels and settings by name, never by id.
 */
import { compileLinkifierRegex } from '../../lib/linkifier-regex.ts';
import { SETTINGS, type SettingValue } from '../../lib/personal-settings.ts';

const DAY_MS = 86_400_000;
const ROLE_KEYS = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
} as const;

export type HealthUser = {
  userId: number;
  fullName: string;
  role: number;
  isActive: boolean;
  isBot: boolean;
  botOwnerId: number | null;
};
export type HealthGroup = {
  name: string;
  /** Direct members' ids. */
  members: readonly number[];
  isSystemGroup: boolean;
};
export type HealthInvite = {
  /** The address an email invitation went to; null for a reusable invitation link. */
  email: string | null;
  linkUrl: string | null;
  /** Milliseconds since the epoch; null for an invitation that never expires. */
  expiresAtMs: number | null;
};
export type HealthChannel = {
  name: string;
  /** Null when the server does not report it (older servers): the channel is not judged. */
  subscriberCount: number | null;
  isArchived: boolean;
};
export type HealthLinkifier = { pattern: string; urlTemplate: string };

export type HealthInput = {
  nowMs: number;
  users: readonly HealthUser[];
  groups: readonly HealthGroup[];
  /** Null when the invitations could not be listed; the view says so instead of "none". */
  invites: readonly HealthInvite[] | null;
  channels: readonly HealthChannel[];
  linkifiers: readonly HealthLinkifier[];
  /** realm_user_settings_defaults as the server sent it. */
  defaults: Readonly<Record<string, unknown>>;
};

export type RoleCounts = {
  owner: number;
  administrator: number;
  moderator: number;
  member: number;
  guest: number;
  bots: number;
  deactivated: number;
};

export type HealthFinding =
  | { kind: 'deactivated-in-groups'; user: string; groups: string[] }
  | { kind: 'bot-without-owner'; bot: string; owner: string | null }
  | { kind: 'invite-expiring'; invitee: string | null; linkUrl: string | null; expiresAtMs: number }
  | { kind: 'channel-without-subscribers'; channel: string }
  | { kind: 'linkifier-refused'; pattern: string; urlTemplate: string; reason: string }
  | { kind: 'default-changed'; setting: string; value: SettingValue; builtIn: SettingValue };

export type HealthReport = {
  roles: RoleCounts;
  findings: HealthFinding[];
  /** Checks that could not run, in words ("invitations"), so a gap never reads as healthy. */
  unchecked: string[];
};

/** The upstream display names of the role groups the server keeps itself. */
const SYSTEM_GROUP_NAMES: Record<string, string> = {
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone including guests',
  'role:internet': 'Everyone on the internet',
  'role:nobody': 'Nobody',
};

export function groupDisplayName(group: Pick<HealthGroup, 'name' | 'isSystemGroup'>): string {
  return (group.isSystemGroup && SYSTEM_GROUP_NAMES[group.name]) || group.name;
}

export function organizationHealth(input: HealthInput): HealthReport {
  const findings: HealthFinding[] = [
    ...deactivatedInGroups(input.users, input.groups),
    ...botsWithoutOwner(input.users),
    ...expiringInvites(input.invites ?? [], input.nowMs),
    ...channelsWithoutSubscribers(input.channels),
    ...refusedLinkifiers(input.linkifiers),
    ...changedDefaults(input.defaults),
  ];
  const unchecked: string[] = [];
  if (input.invites === null) unchecked.push('invitations');
  if (input.channels.some((c) => !c.isArchived && c.subscriberCount === null))
    unchecked.push('channel subscribers');
  return { roles: countRoles(input.users), findings, unchecked };
}

export function countRoles(users: readonly HealthUser[]): RoleCounts {
  const counts: RoleCounts = {
    owner: 0,
    administrator: 0,
    moderator: 0,
    member: 0,
    guest: 0,
    bots: 0,
    deactivated: 0,
  };
  for (const u of users) {
    if (!u.isActive) counts.deactivated += 1;
    else if (u.isBot) counts.bots += 1;
    else {
      const key = ROLE_KEYS[u.role as keyof typeof ROLE_KEYS];
      // A role newer than the spec's counts as member, the least surprising place for it.
      counts[key ?? 'member'] += 1;
    }
  }
  return counts;
}

/** Spec: a deactivated user leaves every group, so any membership left is a leftover. */
function deactivatedInGroups(
  users: readonly HealthUser[],
  groups: readonly HealthGroup[],
): HealthFinding[] {
  const out: HealthFinding[] = [];
  for (const u of users) {
    if (u.isActive) continue;
    const names = groups.filter((g) => g.members.includes(u.userId)).map(groupDisplayName);
    if (names.length > 0)
      out.push({ kind: 'deactivated-in-groups', user: u.fullName, groups: names });
  }
  return out;
}

/** An active bot keeps working for nobody when its owner is gone or deactivated. */
function botsWithoutOwner(users: readonly HealthUser[]): HealthFinding[] {
  const byId = new Map(users.map((u) => [u.userId, u]));
  const out: HealthFinding[] = [];
  for (const bot of users) {
    if (!bot.isBot || !bot.isActive) continue;
    const owner = bot.botOwnerId === null ? undefined : byId.get(bot.botOwnerId);
    if (owner?.isActive) continue;
    out.push({ kind: 'bot-without-owner', bot: bot.fullName, owner: owner?.fullName ?? null });
  }
  return out;
}

function expiringInvites(invites: readonly HealthInvite[], nowMs: number): HealthFinding[] {
  return invites
    .filter(
      (i) => i.expiresAtMs !== null && i.expiresAtMs > nowMs && i.expiresAtMs - nowMs <= DAY_MS,
    )
    .sort((a, b) => (a.expiresAtMs ?? 0) - (b.expiresAtMs ?? 0))
    .map((i) => ({
      kind: 'invite-expiring',
      invitee: i.email,
      linkUrl: i.email === null ? i.linkUrl : null,
      expiresAtMs: i.expiresAtMs ?? 0,
    }));
}

function channelsWithoutSubscribers(channels: readonly HealthChannel[]): HealthFinding[] {
  return channels
    .filter((c) => !c.isArchived && c.subscriberCount === 0)
    .map((c) => ({ kind: 'channel-without-subscribers', channel: c.name }));
}

/** The check the server runs when a linkifier is created (src/server/routes/linkifier-check.ts). */
function refusedLinkifiers(linkifiers: readonly HealthLinkifier[]): HealthFinding[] {
  const out: HealthFinding[] = [];
  for (const l of linkifiers) {
    const compiled = compileLinkifierRegex(l.pattern);
    if ('error' in compiled)
      out.push({
        kind: 'linkifier-refused',
        pattern: l.pattern,
        urlTemplate: l.urlTemplate,
        reason: compiled.error,
      });
  }
  return out;
}

/**
 * Settings whose organization default is not the server's built-in one. A null (the
 * "Automatic" 24-hour time since FL 408) is the built-in behaviour, and `recent_topics` is
 * `recent` under its name before FL 454.
 */
function changedDefaults(defaults: Readonly<Record<string, unknown>>): HealthFinding[] {
  const out: HealthFinding[] = [];
  for (const [setting, { default: builtIn }] of Object.entries(SETTINGS)) {
    const raw = defaults[setting];
    if (typeof raw !== 'boolean' && typeof raw !== 'number' && typeof raw !== 'string') continue;
    const value = setting === 'web_home_view' && raw === 'recent_topics' ? 'recent' : raw;
    if (value !== builtIn) out.push({ kind: 'default-changed', setting, value, builtIn });
  }
  return out;
}
