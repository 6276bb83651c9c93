/**
 * Upstream PATCH /realm, for the message editing settings (allow_message_editing, the edit,
 * move and delete time limits, and the group settings of who may delete and move), the
 * two invitation permissions (who may send email invitations, who may create reusable
 * links) and who may create channels: administrators change them (owners only the
 * invitation permissions, as upstream), and every user's clients hear it as one `realm`
 * `update_dict` event, so a message menu or a form follows the new rules without a reload.
 */
import { readTopicsPolicy, TOPICS_POLICY_LEVEL } from '../messages/topics-policy.ts';
import { badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { GroupSettingValue, MessageEditSettings, UserRecord } from '../state/types.ts';
import type { ServerState } from '../state/state.ts';
import { PRIVATE_GROUP_LEVEL, PUBLIC_GROUP_LEVEL } from '../state/channel-policy.ts';
import { requireAdmin, requireOwner } from './gates.ts';
import { readGroupSetting, sameValue } from './group-setting.ts';

const LIMITS = [
  'message_content_edit_limit_seconds',
  'message_content_delete_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
] as const;

const GROUPS = [
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
] as const;

/**
 * Who may invite (upstream's REALM_PERMISSION_GROUP_SETTINGS): only owners change these,
 * never to everyone (guests included) or the internet, and an anonymous group is accepted
 * from the level given (create_multiuse_invite_group took a named group only before 314;
 * can_invite_users_group is a group setting from its start at 321).
 */
const INVITE_GROUPS = [
  ['can_invite_users_group', 321],
  ['create_multiuse_invite_group', 314],
] as const;
const NOT_FOR_INVITING = new Set(['role:everyone', 'role:internet']);

function inviteGroupChanges(
  state: ServerState,
  params: Params,
  user: UserRecord,
): Record<string, GroupSettingValue> {
  const changed: Record<string, GroupSettingValue> = {};
  for (const [name, anonymousSince] of INVITE_GROUPS) {
    if (!params.has(name)) continue;
    requireOwner(user);
    let value = readGroupSetting(state, name, params.json(name), state.realm[name]);
    // Upstream stores a lone subgroup without members as that named group.
    const lone =
      typeof value === 'number' || value.direct_members.length > 0 ? [] : value.direct_subgroups;
    if (lone.length === 1) value = lone[0]!;
    if (typeof value !== 'number' && state.featureLevel < anonymousSince)
      throw badRequest(`Invalid ${name}`);
    const group = typeof value === 'number' ? state.userGroups.get(value) : undefined;
    if (group && NOT_FOR_INVITING.has(group.name))
      throw badRequest(`'${name}' setting cannot be set to '${group.name}' group.`);
    if (!sameValue(value, state.realm[name])) changed[name] = value;
  }
  return changed;
}

/** A limit in seconds, or "unlimited" for none, as upstream takes it. */
function readLimit(params: Params, name: string): number | null | undefined {
  if (!params.has(name)) return undefined;
  const raw = params.optString(name);
  if (raw === 'unlimited' || raw === '"unlimited"') return null;
  const seconds = params.optInt(name, { min: 1 });
  if (seconds === undefined) throw badRequest(`Invalid ${name}`);
  return seconds;
}

/** Who may create channels (FL 264 / 266): kept on the realm itself, beside the edit rules. */
const CREATION_GROUPS = [
  ['can_create_public_channel_group', PUBLIC_GROUP_LEVEL],
  ['can_create_private_channel_group', PRIVATE_GROUP_LEVEL],
] as const;

function creationGroupChanges(state: ServerState, params: Params): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [name, since] of CREATION_GROUPS) {
    if (state.featureLevel < since || !params.has(name)) continue;
    const value = readGroupSetting(state, name, params.json(name), state.realm[name]);
    if (typeof value !== 'number') throw badRequest(`Invalid ${name}`);
    if (value !== state.realm[name]) changed[name] = value;
  }
  return changed;
}

export function register(router: Router): void {
  router.patch('/realm', ({ ctx, user, params }) => {
    requireAdmin(user);
    const { state } = ctx;
    const current = state.realm.message_edit;
    const changes: Partial<Record<keyof MessageEditSettings, unknown>> = {};
    const allow = params.optBool('allow_message_editing');
    if (allow !== undefined) changes.allow_message_editing = allow;
    for (const name of LIMITS) {
      const value = readLimit(params, name);
      if (value !== undefined) changes[name] = value;
    }
    for (const name of GROUPS) {
      if (!params.has(name)) continue;
      const value = readGroupSetting(state, name, params.json(name), current[name]);
      // This server keeps these settings as named groups only.
      if (typeof value !== 'number') throw badRequest(`Invalid ${name}`);
      changes[name] = value;
    }
    const realmChanges = inviteGroupChanges(state, params, user);
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([k, v]) => current[k as keyof MessageEditSettings] !== v),
    );
    // Read (and refused) before anything changes, like the settings above.
    const creation = creationGroupChanges(state, params);
    const topicsPolicy = readTopicsPolicy(state, params);
    Object.assign(current, changed);
    Object.assign(state.realm, realmChanges, creation);
    Object.assign(changed, realmChanges, creation);
    if (topicsPolicy !== undefined && topicsPolicy !== state.realm.topics_policy) {
      state.realm.topics_policy = topicsPolicy;
      // Upstream sends the policy from FL 392 and the boolean it replaced before.
      if (state.featureLevel >= TOPICS_POLICY_LEVEL) changed.topics_policy = topicsPolicy;
      else changed.mandatory_topics = topicsPolicy === 'disable_empty_topic';
    }
    if (Object.keys(changed).length === 0) return {};
    ctx.events.emit(state.activeUserIds(), {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: changed,
    });
    return {};
  });
}
