/**
 * The admin console's people work: the panels' context (caller, users, groups), one person's
 * details and edits (name and custom profile fields, upstream update-user), user creation,
 * group membership, linkifiers, saved snippets and unsubscriptions. Each call goes through
 * the account's own client; server refusals are rethrown as they came so the panel can show
 * the server's words and fields.
 */
import type { ApiClient } from '../../api/client.ts';
import { deleteQueue, register } from '../../api/routes/events.ts';
import {
  addLinkifier,
  getLinkifiers,
  removeLinkifier,
  type AddLinkifierParams,
} from '../../api/routes/linkifiers.ts';
import { getProfileFields } from '../../api/routes/profile-fields.ts';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  getSavedSnippets,
} from '../../api/routes/saved-snippets.ts';
import { unsubscribe } from '../../api/routes/subscriptions.ts';
import { isUserGroupMember, updateUserGroupMembers } from '../../api/routes/user-groups.ts';
import {
  createUser,
  getUser,
  getUsers,
  updateUser,
  type ProfileDataUpdate,
} from '../../api/routes/users.ts';
import type { User } from '../../api/schemas/user.ts';
import { RpcError } from '../../contract/errors.ts';
import {
  NotifyProperty,
  type PeopleContext,
  type ProfileForm,
  type UserDetails,
} from '../../contract/schemas/admin-people.ts';
import { INHERITS_FROM } from '../model/channel-directory.ts';
import { fetchEventTypes } from '../sync/register-params.ts';
import { PERSON_FIELD, personFieldText } from './person-field.ts';

const CONTEXT_TYPES = ['realm_user', 'user_group', 'user_settings'];
const SELECT_FIELD = 3;

export interface GroupMembersChange {
  add?: number[];
  delete?: number[];
  addSubgroups?: number[];
  deleteSubgroups?: number[];
}

export class PeopleAdmin {
  readonly #clientOf: (accountId: string) => Promise<ApiClient>;

  constructor(clientOf: (accountId: string) => Promise<ApiClient>) {
    this.#clientOf = clientOf;
  }

  async context(accountId: string): Promise<PeopleContext> {
    const client = await this.#clientOf(accountId);
    // A short-lived queue is the one call that returns can_create_users and the groups.
    const { data } = await register(client, {
      event_types: CONTEXT_TYPES,
      fetch_event_types: fetchEventTypes(CONTEXT_TYPES),
      // The groups panel lists deactivated groups to reactivate them: upstream leaves them
      // out of realm_user_groups unless the client says it handles them (register-queue).
      client_capabilities: { include_deactivated_groups: true },
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
  }

  async lookupUser(accountId: string, who: { userId?: number; email?: string }) {
    const client = await this.#clientOf(accountId);
    const id = who.userId ?? (await userIdByEmail(client, who.email ?? ''));
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
  }

  async createUser(
    accountId: string,
    person: { email: string; password: string; fullName: string },
  ): Promise<{ userId: number }> {
    const client = await this.#clientOf(accountId);
    const { data } = await createUser(client, {
      email: person.email,
      password: person.password,
      full_name: person.fullName,
    });
    return { userId: data.user_id };
  }

  /** Upstream update-user with full_name: the server checks the name and tells every client. */
  async rename(accountId: string, userId: number, fullName: string): Promise<void> {
    await updateUser(await this.#clientOf(accountId), userId, { full_name: fullName });
  }

  /** Every field of the organization, in its order, with the person's current value. */
  async profileForm(accountId: string, userId: number): Promise<ProfileForm> {
    const client = await this.#clientOf(accountId);
    const [{ data }, fields] = await Promise.all([
      getUser(client, userId, { include_custom_profile_fields: true }),
      getProfileFields(client),
    ]);
    const values = data.user.profile_data ?? {};
    return {
      fields: fields.data.custom_fields.map((f) => {
        const value = values[String(f.id)]?.value ?? '';
        return {
          id: f.id,
          name: f.name,
          hint: f.hint,
          fieldType: f.field_type,
          choices: f.field_type === SELECT_FIELD ? choicesOf(f.field_data) : [],
          value: f.field_type === PERSON_FIELD ? '' : value,
          people: f.field_type === PERSON_FIELD ? idsOf(value) : [],
        };
      }),
    };
  }

  /** Upstream update-user with profile_data; an empty value clears the field. */
  async setProfileFields(
    accountId: string,
    userId: number,
    values: readonly ProfileDataUpdate[],
  ): Promise<void> {
    await updateUser(await this.#clientOf(accountId), userId, { profile_data: values });
  }

  async updateGroupMembers(
    accountId: string,
    groupId: number,
    change: GroupMembersChange,
  ): Promise<void> {
    await updateUserGroupMembers(await this.#clientOf(accountId), groupId, {
      ...(change.add?.length ? { add: change.add } : {}),
      ...(change.delete?.length ? { delete: change.delete } : {}),
      ...(change.addSubgroups?.length ? { add_subgroups: change.addSubgroups } : {}),
      ...(change.deleteSubgroups?.length ? { delete_subgroups: change.deleteSubgroups } : {}),
    });
  }

  async checkMembership(
    accountId: string,
    groupId: number,
    userId: number,
    directOnly: boolean,
  ): Promise<boolean> {
    const { data } = await isUserGroupMember(await this.#clientOf(accountId), groupId, userId, {
      direct_member_only: directOnly,
    });
    return data.is_user_group_member;
  }

  async listLinkifiers(accountId: string) {
    const { data } = await getLinkifiers(await this.#clientOf(accountId));
    return data.linkifiers.map((l) => ({
      id: l.id,
      pattern: l.pattern,
      urlTemplate: l.url_template,
      reverseTemplate: l.reverse_template ?? null,
      alternativeUrlTemplates: [...(l.alternative_url_templates ?? [])],
    }));
  }

  async addLinkifier(accountId: string, params: AddLinkifierParams): Promise<number> {
    const { data } = await addLinkifier(await this.#clientOf(accountId), params);
    return data.id;
  }

  async removeLinkifier(accountId: string, id: number): Promise<void> {
    await removeLinkifier(await this.#clientOf(accountId), id);
  }

  async listSnippets(accountId: string) {
    const { data } = await getSavedSnippets(await this.#clientOf(accountId));
    return data.saved_snippets.map((s) => ({
      id: s.saved_snippet_id,
      title: s.title,
      content: s.content,
    }));
  }

  async createSnippet(accountId: string, title: string, content: string): Promise<number> {
    const { data } = await createSavedSnippet(await this.#clientOf(accountId), { title, content });
    return data.saved_snippet_id;
  }

  async deleteSnippet(accountId: string, id: number): Promise<void> {
    await deleteSavedSnippet(await this.#clientOf(accountId), id);
  }

  async unsubscribe(
    accountId: string,
    channels: string[],
    principals?: number[] | string[],
  ): Promise<{ removed: string[]; notRemoved: string[] }> {
    const { data } = await unsubscribe(await this.#clientOf(accountId), {
      subscriptions: channels,
      ...(principals ? { principals } : {}),
    });
    return { removed: [...data.removed], notRemoved: [...data.not_removed] };
  }
}

/** Spec 4.4 leaves lookup by email "not shown": the organization's list is searched instead. */
async function userIdByEmail(client: ApiClient, email: string): Promise<number> {
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

/** A "List of options" field's choices `{key: {text, order}}`, in their order. */
function choicesOf(data: Readonly<Record<string, unknown>>): { value: string; text: string }[] {
  return Object.entries(data)
    .map(([value, c]) => {
      const choice = (c ?? {}) as { text?: unknown; order?: unknown };
      return { value, text: String(choice.text ?? value), order: Number(choice.order ?? 0) };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ value, text }) => ({ value, text }));
}

function idsOf(value: string): number[] {
  try {
    const ids: unknown = JSON.parse(value);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
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
