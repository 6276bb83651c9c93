/**
 * Upstream PATCH /realm, for the message editing settings (allow_message_editing, the edit,
 * move and delete time limits, and the group settings of who may delete and move) and the
 * two invitation permissions (who may send email invitations, who may create reusable
 * links): administrators change them, and every user's clients hear it as one `realm`
 * `update_dict` event, so a message menu or an invite form follows the new rules without a
 * reload.
 */
import { badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { MessageEditSettings } from '../state/types.ts';
import { requireAdmin } from './gates.ts';
import { readGroupSetting } from './group-setting.ts';

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

/** Group settings kept on the realm itself rather than among the message editing rules. */
const REALM_GROUPS = ['can_invite_users_group', 'create_multiuse_invite_group'] as const;

/** A limit in seconds, or "unlimited" for none, as upstream takes it. */
function readLimit(params: Params, name: string): number | null | undefined {
  if (!params.has(name)) return undefined;
  const raw = params.optString(name);
  if (raw === 'unlimited' || raw === '"unlimited"') return null;
  const seconds = params.optInt(name, { min: 1 });
  if (seconds === undefined) throw badRequest(`Invalid ${name}`);
  return seconds;
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
    const realmChanges: Partial<Record<(typeof REALM_GROUPS)[number], number>> = {};
    for (const name of REALM_GROUPS) {
      if (!params.has(name)) continue;
      const value = readGroupSetting(state, name, params.json(name), state.realm[name]);
      if (typeof value !== 'number') throw badRequest(`Invalid ${name}`);
      if (value !== state.realm[name]) realmChanges[name] = value;
    }
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([k, v]) => current[k as keyof MessageEditSettings] !== v),
    );
    if (Object.keys(changed).length + Object.keys(realmChanges).length === 0) return {};
    Object.assign(current, changed);
    Object.assign(state.realm, realmChanges);
    ctx.events.emit(state.activeUserIds(), {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { ...changed, ...realmChanges },
    });
    return {};
  });
}
