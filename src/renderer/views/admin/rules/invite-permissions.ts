/**
 * Who may invite (upstream's realm settings can_invite_users_group and
 * create_multiuse_invite_group): what the panel offers for each, in words, and what an
 * older server or a non-owner is told instead of a control.
 */
import type { GroupSetting } from '../../../../contract/schemas/admin-channels.ts';
import type { InvitePermissionName } from '../../../../contract/schemas/admin-org.ts';
import type { GroupInfo } from '../../../../contract/schemas/admin-people.ts';
import { RpcError } from '../../../../contract/errors.ts';
import { serverTooOld, type TooOld } from '../../../../lib/server-version.ts';
import { describeSetting, groupLabel } from './group-settings.ts';
import { OWNER } from './roles.ts';

export type InvitePermission = {
  name: InvitePermissionName;
  /** The control's label. */
  label: string;
  /** What being in the group lets one do, under the control. */
  hint: string;
  /** Completes "This server is too old …". */
  tooOld: string;
  /** The feature level the setting appeared at (as a group setting, for email invitations). */
  level: number;
};

export const INVITE_PERMISSIONS: readonly InvitePermission[] = [
  {
    name: 'can_invite_users_group',
    label: 'Who can send email invitations',
    hint: 'They can invite people by email address from the Invitations panel.',
    tooOld: 'for Perch to change who can send email invitations',
    // Before 321 an older policy setting (invite_to_realm_policy) held this; Perch does not.
    level: 321,
  },
  {
    name: 'create_multiuse_invite_group',
    label: 'Who can create reusable invitation links',
    hint: 'They can create links that anyone who has them can use to join.',
    tooOld: 'for Perch to change who can create reusable invitation links',
    level: 209,
  },
];

/**
 * The roles a simple picker offers, narrowest first. Everyone (guests included) and the
 * internet are refused by the server for these settings; owners only and nobody are rare
 * enough to be kept only when they are the current value.
 */
const OFFERED = ['role:administrators', 'role:moderators', 'role:fullmembers', 'role:members'];

export type Choice = {
  /** The option's value in the select: stable across reloads. */
  key: string;
  label: string;
  value: GroupSetting;
  /** The current value, kept though not offered: a select may cut its words short. */
  kept?: true;
};

/** The select's value for a setting's value. */
export const choiceKey = (value: GroupSetting): string =>
  typeof value === 'number' ? `group:${value}` : 'custom';

/**
 * The offered roles, and the current value when it is none of them (another named group,
 * or a custom set of people and groups), so the select always shows what holds now.
 */
export function inviteChoices(
  current: GroupSetting | undefined,
  groups: readonly GroupInfo[],
  personName: (id: number) => string,
): Choice[] {
  const roles = OFFERED.flatMap((name): Choice[] => {
    const g = groups.find((x) => x.isSystemGroup && x.name === name && !x.deactivated);
    return g ? [{ key: choiceKey(g.id), label: groupLabel(g), value: g.id }] : [];
  });
  if (current === undefined || roles.some((c) => c.key === choiceKey(current))) return roles;
  const label = describeSetting(current, groups, personName);
  return [
    ...roles,
    {
      key: choiceKey(current),
      label: typeof current === 'number' ? label : `${label} (custom)`,
      value: current,
      kept: true,
    },
  ];
}

/** Only owners change these (upstream's update_realm); administrators may look. */
export function mayChange(role: number): boolean {
  return role <= OWNER;
}

/** Why this server offers no control for the setting, or undefined when it does. */
export function tooOldFor(p: InvitePermission, featureLevel: number): TooOld | undefined {
  return serverTooOld(p.tooOld, p.level, featureLevel);
}

/** The server's refusal of an `old` value that no longer holds (upstream's wording). */
const STALE = /^'old' value allowed by the server is not matching/;

/**
 * The sentence for a refused save when the panel knows better than the general one:
 * someone changed the setting between loading and saving. Undefined otherwise.
 */
export function refusalSentence(err: unknown): string | undefined {
  if (err instanceof RpcError && STALE.test(err.message))
    return 'Someone changed this setting after the panel showed it; it now shows their choice. Choose again if you still want to change it.';
  return undefined;
}
