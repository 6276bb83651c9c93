/**
 * The admin console's people channels: users, user groups, linkifiers, saved snippets and
 * subscriptions. Each call goes through the account's own client; server refusals are
 * rethrown as they came so the panel can show the server's words and fields.
 */
import { PERSON_FIELD, personFieldText } from '../../admin/person-field.ts';
import { deleteQueue, register } from '../../../api/routes/events.ts';
import { addLinkifier, getLinkifiers, removeLinkifier } from '../../../api/routes/linkifiers.ts';
import { getProfileFields } from '../../../api/routes/profile-fields.ts';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  getSavedSnippets,
} from '../../../api/routes/saved-snippets.ts';
import { unsubscribe } from '../../../api/routes/subscriptions.ts';
import { INHERITS_FROM } from '../../model/channel-directory.ts';
import { isUserGroupMember, updateUserGroupMembers } from '../../../api/routes/user-groups.ts';
import { createUser, getUser, getUsers } from '../../../api/routes/users.ts';
import type { User } from '../../../api/schemas/user.ts';
import { fetchEventTypes } from '../../sync/register-params.ts';
import { linkifierParams } from './admin-edit.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';
import { RpcError } from '../../../contract/errors.ts';
import { NotifyProperty, type UserDetails } from '../../../contract/schemas/admin-people.ts';

type PeopleChannels =
  | 'adminPeople.context'
  | 'adminPeople.lookupUser'
  | 'adminPeople.createUser'
  | 'adminPeople.updateGroupMembers'
  | 'adminPeople.checkMembership'
  | 'adminPeople.listLinkifiers'
  | 'adminPeople.addLinkifier'
  | 'adminPeople.removeLinkifier'
  | 'adminPeople.listSnippets'
  | 'adminPeople.createSnippet'
  | 'adminPeople.deleteSnippet'
  | 'adminPeople.unsubscribe';

const CONTEXT_TYPES = ['realm_user', 'user_group', 'user_settings'];

export function adminPeopleHandlers(ctx: CoreContext): Pick<HandlerTable, PeopleChannels> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;

  return {
    'adminPeople.context': async ({ accountId }) => {
      const client = await clientOf(accountId);
      // A short-lived queue is the one call that returns can_create_users and the groups.
      const { data } = await register(client, {
        event_types: CONTEXT_TYPES,
        fetch_event_types: fetchEventTypes(CONTEXT_TYPES),
      });
      if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
      const settings: Record<string, unknown> = { ...data.user_settings };
      return {
        userId: data.user_id ?? 0,
        role: data.role ?? 400,
        canCreateUsers: data.can_create_users ?? false,
        featureLevel: await client.featureLevel(),
        users: (data.realm_users ?? []).map((u) => ({
          userId: u.user_id,
          fullName: u.full_name,
          email: u.email,
          isActive: u.is_active,
          isBot: u.is_bot,
          botOwnerId: u.bot_owner_id ?? null,
        })),
        groups: (data.realm_user_groups ?? []).map((g) => ({
          id: g.id,
          name: g.name,
          description: g.description,
          members: [...g.members],
          subgroups: [...(g.direct_subgroup_ids ?? [])],
          deactivated: g.deactivated ?? false,
          isSystemGroup: g['is_system_group'] === true,
          creatorId: typeof g['creator_id'] === 'number' ? g['creator_id'] : null,
        })),
        notifyDefaults: Object.fromEntries(
          NotifyProperty.options.map((p) => [p, settings[INHERITS_FROM[p]] === true]),
        ) as Record<NotifyProperty, boolean>,
      };
    },

    'adminPeople.lookupUser': async ({ accountId, userId, email }) => {
      const client = await clientOf(accountId);
      const id = userId ?? (await userIdByEmail(client, email ?? ''));
      const [{ data }, fields] = await Promise.all([
        getUser(client, id, { include_custom_profile_fields: true }),
        getProfileFields(client),
      ]);
      const custom = fields.data.custom_fields;
      // A "Users" field names people by id: the directory turns them into names.
      const names = new Map<number, string>();
      const holdsPeople = Object.keys(data.user.profile_data ?? {}).some(
        (key) => custom.find((f) => String(f.id) === key)?.field_type === PERSON_FIELD,
      );
      if (holdsPeople) {
        for (const u of (await getUsers(client)).data.members) names.set(u.user_id, u.full_name);
      }
      return details(data.user, custom, (userId) => names.get(userId));
    },

    'adminPeople.createUser': async ({ accountId, email, password, fullName }) => {
      const client = await clientOf(accountId);
      const { data } = await createUser(client, { email, password, full_name: fullName });
      return { userId: data.user_id };
    },

    'adminPeople.updateGroupMembers': async ({ accountId, groupId, ...change }) => {
      const client = await clientOf(accountId);
      await updateUserGroupMembers(client, groupId, {
        ...(change.add?.length ? { add: change.add } : {}),
        ...(change.delete?.length ? { delete: change.delete } : {}),
        ...(change.addSubgroups?.length ? { add_subgroups: change.addSubgroups } : {}),
        ...(change.deleteSubgroups?.length ? { delete_subgroups: change.deleteSubgroups } : {}),
      });
      return {};
    },

    'adminPeople.checkMembership': async ({ accountId, groupId, userId, directOnly }) => {
      const client = await clientOf(accountId);
      const { data } = await isUserGroupMember(client, groupId, userId, {
        direct_member_only: directOnly,
      });
      return { isMember: data.is_user_group_member };
    },

    'adminPeople.listLinkifiers': async ({ accountId }) => {
      const { data } = await getLinkifiers(await clientOf(accountId));
      return data.linkifiers.map((l) => ({
        id: l.id,
        pattern: l.pattern,
        urlTemplate: l.url_template,
        reverseTemplate: l.reverse_template ?? null,
        alternativeUrlTemplates: [...(l.alternative_url_templates ?? [])],
      }));
    },

    'adminPeople.addLinkifier': async ({ accountId, ...l }) => {
      const { data } = await addLinkifier(await clientOf(accountId), linkifierParams(l));
      return { id: data.id };
    },

    'adminPeople.removeLinkifier': async ({ accountId, id }) => {
      await removeLinkifier(await clientOf(accountId), id);
      return {};
    },

    'adminPeople.listSnippets': async ({ accountId }) => {
      const { data } = await getSavedSnippets(await clientOf(accountId));
      return data.saved_snippets.map((s) => ({
        id: s.saved_snippet_id,
        title: s.title,
        content: s.content,
      }));
    },

    'adminPeople.createSnippet': async ({ accountId, title, content }) => {
      const { data } = await createSavedSnippet(await clientOf(accountId), { title, content });
      return { id: data.saved_snippet_id };
    },

    'adminPeople.deleteSnippet': async ({ accountId, id }) => {
      await deleteSavedSnippet(await clientOf(accountId), id);
      return {};
    },

    'adminPeople.unsubscribe': async ({ accountId, channels, principals }) => {
      const { data } = await unsubscribe(await clientOf(accountId), {
        subscriptions: channels,
        ...(principals ? { principals } : {}),
      });
      return { removed: [...data.removed], notRemoved: [...data.not_removed] };
    },
  };
}

/** Spec 4.4 leaves lookup by email "not shown": the organization's list is searched instead. */
async function userIdByEmail(
  client: Parameters<typeof getUsers>[0],
  email: string,
): Promise<number> {
  const wanted = email.toLowerCase();
  const { data } = await getUsers(client);
  const match = data.members.find(
    (u) => u.email.toLowerCase() === wanted || u.delivery_email?.toLowerCase() === wanted,
  );
  if (!match) {
    throw new RpcError({
      code: 'FAILED',
      message: `No one with the email ${email} is in this organization.`,
    });
  }
  return match.user_id;
}

function details(
  user: User,
  fields: readonly { id: number; name: string; field_type: number }[],
  nameOf: (userId: number) => string | undefined,
): UserDetails {
  const profile = Object.entries(user.profile_data ?? {}).map(([key, entry]) => {
    const field = fields.find((f) => String(f.id) === key);
    const people = field?.field_type === PERSON_FIELD;
    return {
      id: Number(key),
      name: field?.name ?? `Field ${key}`,
      fieldType: field?.field_type ?? 1,
      value: people ? personFieldText(entry.value, nameOf) : entry.value,
      ...(entry.rendered_value !== undefined && !people
        ? { renderedHtml: entry.rendered_value }
        : {}),
    };
  });
  return {
    userId: user.user_id,
    fullName: user.full_name,
    email: user.email,
    deliveryEmail: user.delivery_email ?? null,
    role: user.role,
    isActive: user.is_active,
    isDeleted: user.is_deleted ?? false,
    isBot: user.is_bot,
    botType: user.bot_type,
    dateJoined: user.date_joined,
    timezone: user.timezone,
    profile,
  };
}
