/**
 * The admin console's organization channels. Each call goes straight
 * to the server with the account's own client, so the server stays the judge of every
 * permission and its refusal reaches the screen as it was sent.
 */
import { fetchEventTypes } from '../../sync/register-params.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';
import { InvitePermissionName, type OrgContext } from '../../../contract/schemas/admin-org.ts';
import { GroupSetting } from '../../../contract/schemas/admin-channels.ts';
import type { RegisterResponse } from '../../../api/schemas/register.ts';
import type { ApiResult } from '../../../api/client.ts';
import type { UserSettingsDefaultsPatch } from '../../../api/schemas/settings.ts';
import { deleteQueue, register } from '../../../api/routes/events.ts';
import { getOwnUser } from '../../../api/routes/users.ts';
import { updateUserSettingsDefaults } from '../../../api/routes/settings.ts';
import { sendInvites } from '../../../api/routes/invites.ts';
import { joinerParams } from './admin-invites.ts';
import { registerIosPushToken, sendTestPushNotification } from '../../../api/routes/push.ts';
import { createVideoCall } from '../../../api/routes/calls.ts';
import { createChannelFolder, updateChannelFolder } from '../../../api/routes/channel-folders.ts';
import { createProfileField } from '../../../api/routes/profile-fields.ts';
import { deactivateRealm, updateRealm } from '../../../api/routes/realm.ts';

type AdminOrgChannel =
  | 'adminOrg.context'
  | 'adminOrg.updateDefaults'
  | 'adminOrg.invite'
  | 'adminOrg.testPush'
  | 'adminOrg.registerLegacyPushToken'
  | 'adminOrg.createVideoCall'
  | 'adminOrg.createFolder'
  | 'adminOrg.updateFolder'
  | 'adminOrg.createProfileField'
  | 'adminOrg.deactivate'
  | 'adminOrg.updateInvitePermissions';

// Only the sections the panels read; the queue is released at once (docs/api-notes.md, "Other endpoints").
const FETCHED = [
  'realm',
  'realm_user_settings_defaults',
  'channel_folder',
  'has_videoprovider_token',
  'stream',
  'user_group',
  'custom_profile_fields',
];
// docs/api-notes.md's fallbacks ("POST /register response") when the server does not publish the folder limits.
const FOLDER_NAME_MAX = 60;
const FOLDER_DESCRIPTION_MAX = 1024;
const ADMINISTRATOR = 200;
const DAY_MS = 86_400_000;

const ignoredOf = (r: ApiResult<unknown>) => ({ ignoredParameters: r.ignoredParameters });

/** Who is asking: from the account, so the register call need not fetch every user. */
type Caller = { role: number; userId: number; hasEmail: boolean };

function orgContext(r: RegisterResponse, me: Caller, nowMs: number): OrgContext {
  const { role, userId } = me;
  const deletionAt = r['demo_organization_scheduled_deletion_date'];
  const groups = (r.realm_user_groups ?? []).filter(
    (g) =>
      g['is_system_group'] !== true &&
      g.deactivated !== true &&
      // Spec 4.7: the caller must be able to add users to the groups it names.
      (role <= ADMINISTRATOR || g.members.includes(userId)),
  );
  return {
    featureLevel: r.service_feature_level ?? 0,
    role,
    ownerHasEmail: me.hasEmail,
    isDemo: r['realm_is_demo_organization'] === true,
    demoDaysLeft:
      typeof deletionAt === 'number'
        ? Math.max(0, Math.floor((deletionAt * 1000 - nowMs) / DAY_MS))
        : null,
    defaults: { ...(r.realm_user_settings_defaults ?? {}) },
    channels: (r.streams ?? [])
      .filter((c) => c['is_archived'] !== true)
      .map((c) => ({
        id: c.stream_id,
        name: c.name,
        isDefault: c['is_default'] === true,
        inviteOnly: c.invite_only === true,
      })),
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    // Upstream lists folders by `order` since FL 414, by id before (when order is absent).
    folders: [...(r.channel_folders ?? [])].sort(byOrder).map((f) => ({
      id: f.channel_folder_id,
      name: f.name,
      description: f.description,
      isArchived: f.is_archived,
    })),
    folderNameMax: r.max_channel_folder_name_length ?? FOLDER_NAME_MAX,
    folderDescriptionMax: r.max_channel_folder_description_length ?? FOLDER_DESCRIPTION_MAX,
    profileFields: (r.custom_profile_fields ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      fieldType: f.field_type,
      inSummary: f.display_in_profile_summary,
      hint: f.hint,
      fieldData: parseFieldData(f.field_data),
      required: f.required,
      editableByUser: f.editable_by_user,
    })),
    minDeletionDays: r.server_min_deactivated_realm_deletion_days ?? null,
    maxDeletionDays: r.server_max_deactivated_realm_deletion_days ?? null,
    hasVideoToken: r.has_videoprovider_token === true,
    invitePermissions: invitePermissions(r),
  };
}

/** The realm's `realm_<name>` values that are group-setting values; a server too old has none. */
function invitePermissions(r: RegisterResponse): OrgContext['invitePermissions'] {
  const out: OrgContext['invitePermissions'] = {};
  for (const name of InvitePermissionName.options) {
    const value = GroupSetting.safeParse(r[`realm_${name}`]);
    if (value.success) out[name] = value.data;
  }
  return out;
}

const orderOf = (f: Record<string, unknown>) => (typeof f['order'] === 'number' ? f['order'] : 0);
const byOrder = (a: Record<string, unknown>, b: Record<string, unknown>) => orderOf(a) - orderOf(b);

/** field_data arrives as a JSON text ('' when empty); a value that does not parse is none. */
function parseFieldData(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'object' && raw !== null) return { ...(raw as Record<string, unknown>) };
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function adminOrgHandlers(ctx: CoreContext): Pick<HandlerTable, AdminOrgChannel> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;
  return {
    'adminOrg.context': async ({ accountId }) => {
      const { account, client } = await ctx.accounts.clientFor(accountId);
      const { data } = await register(client, {
        event_types: FETCHED,
        fetch_event_types: fetchEventTypes(FETCHED),
      });
      // A queue left behind is collected by the server after ten minutes: not worth an error.
      if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
      // Only a demo organization's deactivation depends on whether the owner has an email.
      const demo = data['realm_is_demo_organization'] === true;
      const email = demo ? (await getOwnUser(client)).data.delivery_email : undefined;
      const me = { role: account.role, userId: account.userId, hasEmail: email !== '' };
      return orgContext(data, me, ctx.clock.now());
    },
    // The contract already checked every value against spec 4.1's allowed values.
    'adminOrg.updateDefaults': async ({ accountId, changes }) =>
      ignoredOf(
        await updateUserSettingsDefaults(
          await clientOf(accountId),
          changes as UserSettingsDefaultsPatch,
        ),
      ),
    'adminOrg.invite': async (a) =>
      ignoredOf(
        await sendInvites(await clientOf(a.accountId), {
          ...joinerParams(a),
          invitee_emails: a.inviteeEmails,
          notify_referrer_on_join: a.notifyReferrerOnJoin,
          ...(a.welcomeMessage !== undefined
            ? { welcome_message_custom_text: a.welcomeMessage }
            : {}),
        }),
      ),
    'adminOrg.testPush': async ({ accountId, deviceId }) =>
      ignoredOf(
        await sendTestPushNotification(
          await clientOf(accountId),
          deviceId === undefined ? {} : { device_id: deviceId },
        ),
      ),
    'adminOrg.registerLegacyPushToken': async ({ accountId, token, appid }) =>
      ignoredOf(await registerIosPushToken(await clientOf(accountId), { token, appid })),
    'adminOrg.createVideoCall': async ({ accountId }) => ({
      url: (await createVideoCall(await clientOf(accountId))).data.url,
    }),
    'adminOrg.createFolder': async ({ accountId, name, description }) => {
      const result = await createChannelFolder(await clientOf(accountId), { name, description });
      return { id: result.data.channel_folder_id, ...ignoredOf(result) };
    },
    'adminOrg.updateFolder': async ({ accountId, folderId, name, description, isArchived }) =>
      ignoredOf(
        await updateChannelFolder(await clientOf(accountId), folderId, {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(isArchived !== undefined ? { is_archived: isArchived } : {}),
        }),
      ),
    'adminOrg.createProfileField': async (a) => {
      const result = await createProfileField(await clientOf(a.accountId), {
        name: a.name,
        hint: a.hint,
        field_type: a.fieldType,
        ...(a.fieldData ? { field_data: a.fieldData } : {}),
        display_in_profile_summary: a.displayInProfileSummary,
        required: a.required,
        editable_by_user: a.editableByUser,
        // Spec 2.6: sent only when true, and only types 1 and 7 accept it.
        ...(a.useForUserMatching ? { use_for_user_matching: true } : {}),
      });
      return { id: result.data.id, ...ignoredOf(result) };
    },
    'adminOrg.deactivate': async ({ accountId, deletionDelayDays }) =>
      ignoredOf(
        await deactivateRealm(
          await clientOf(accountId),
          deletionDelayDays === undefined ? {} : { deletion_delay_days: deletionDelayDays },
        ),
      ),
    // The server decides who may (owners, as upstream): a refusal is shown as it came.
    'adminOrg.updateInvitePermissions': async ({ accountId, settings }) =>
      ignoredOf(await updateRealm(await clientOf(accountId), settings)),
  };
}
