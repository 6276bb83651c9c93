/**
 * The admin console's organization panels: their context (one register snapshot), the
 * defaults for new users, invitations, push tests, video calls, channel folders, profile
 * fields, invitation permissions and deactivating the organization. Each call goes straight
 * to the server with the account's own client, so the server stays the judge of every
 * permission and its refusal reaches the screen as it was sent.
 */
import type { Clock } from '../../lib/clock.ts';
import type { ApiResult } from '../../api/client.ts';
import { createVideoCall } from '../../api/routes/calls.ts';
import { createChannelFolder, updateChannelFolder } from '../../api/routes/channel-folders.ts';
import { sendInvites } from '../../api/routes/invites.ts';
import { createProfileField } from '../../api/routes/profile-fields.ts';
import { registerIosPushToken, sendTestPushNotification } from '../../api/routes/push.ts';
import { deactivateRealm, updateRealm } from '../../api/routes/realm.ts';
import { updateUserSettingsDefaults } from '../../api/routes/settings.ts';
import { getOwnUser } from '../../api/routes/users.ts';
import type { RegisterResponse } from '../../api/schemas/register.ts';
import type { UserSettingsDefaultsPatch } from '../../api/schemas/settings.ts';
import type { Args } from '../../contract/contract.ts';
import { GroupSetting } from '../../contract/schemas/admin-channels.ts';
import { InvitePermissionName, type OrgContext } from '../../contract/schemas/admin-org.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { registerSnapshot } from '../sync/snapshot.ts';
import { joinerParams } from './invites.ts';

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

export interface Ignored {
  ignoredParameters: string[];
}

const ignoredOf = (r: ApiResult<unknown>): Ignored => ({ ignoredParameters: r.ignoredParameters });

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

export class AdminOrg {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly clock: Clock,
  ) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async context(accountId: string): Promise<OrgContext> {
    const { account, client } = await this.accounts.clientFor(accountId);
    const data = await registerSnapshot(client, FETCHED);
    // Only a demo organization's deactivation depends on whether the owner has an email.
    const demo = data['realm_is_demo_organization'] === true;
    const email = demo ? (await getOwnUser(client)).data.delivery_email : undefined;
    const me = { role: account.role, userId: account.userId, hasEmail: email !== '' };
    return orgContext(data, me, this.clock.now());
  }

  // The contract already checked every value against spec 4.1's allowed values.
  async updateDefaults({ accountId, changes }: Args<'adminOrg.updateDefaults'>): Promise<Ignored> {
    return ignoredOf(
      await updateUserSettingsDefaults(
        await this.#client(accountId),
        changes as UserSettingsDefaultsPatch,
      ),
    );
  }

  async invite(a: Args<'adminOrg.invite'>): Promise<Ignored> {
    return ignoredOf(
      await sendInvites(await this.#client(a.accountId), {
        ...joinerParams(a),
        invitee_emails: a.inviteeEmails,
        notify_referrer_on_join: a.notifyReferrerOnJoin,
        ...(a.welcomeMessage !== undefined
          ? { welcome_message_custom_text: a.welcomeMessage }
          : {}),
      }),
    );
  }

  async testPush({ accountId, deviceId }: Args<'adminOrg.testPush'>): Promise<Ignored> {
    return ignoredOf(
      await sendTestPushNotification(
        await this.#client(accountId),
        deviceId === undefined ? {} : { device_id: deviceId },
      ),
    );
  }

  async registerLegacyPushToken({
    accountId,
    token,
    appid,
  }: Args<'adminOrg.registerLegacyPushToken'>): Promise<Ignored> {
    return ignoredOf(await registerIosPushToken(await this.#client(accountId), { token, appid }));
  }

  async createVideoCall(accountId: string): Promise<{ url: string }> {
    return { url: (await createVideoCall(await this.#client(accountId))).data.url };
  }

  async createFolder({ accountId, name, description }: Args<'adminOrg.createFolder'>) {
    const result = await createChannelFolder(await this.#client(accountId), { name, description });
    return { id: result.data.channel_folder_id, ...ignoredOf(result) };
  }

  async updateFolder({
    accountId,
    folderId,
    name,
    description,
    isArchived,
  }: Args<'adminOrg.updateFolder'>): Promise<Ignored> {
    return ignoredOf(
      await updateChannelFolder(await this.#client(accountId), folderId, {
        ...(name !== undefined ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(isArchived !== undefined ? { is_archived: isArchived } : {}),
      }),
    );
  }

  async createProfileField(a: Args<'adminOrg.createProfileField'>) {
    const result = await createProfileField(await this.#client(a.accountId), {
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
  }

  async deactivate({
    accountId,
    deletionDelayDays,
  }: Args<'adminOrg.deactivate'>): Promise<Ignored> {
    return ignoredOf(
      await deactivateRealm(
        await this.#client(accountId),
        deletionDelayDays === undefined ? {} : { deletion_delay_days: deletionDelayDays },
      ),
    );
  }

  // The server decides who may (owners, as upstream): a refusal is shown as it came.
  async updateInvitePermissions({
    accountId,
    settings,
  }: Args<'adminOrg.updateInvitePermissions'>): Promise<Ignored> {
    return ignoredOf(await updateRealm(await this.#client(accountId), settings));
  }
}
