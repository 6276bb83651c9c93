/**
 * The organization health view's channel: gathers what the existing endpoints give (one
 * register snapshot, GET /users, GET /invites) and hands it to the pure check in
 * src/core/admin/health.ts. Nothing is cached: each look is fresh.
 */
import { deleteQueue, register } from '../../../api/routes/events.ts';
import { getInvites } from '../../../api/routes/invites.ts';
import { getUsers } from '../../../api/routes/users.ts';
import { ApiError } from '../../../api/errors.ts';
import { organizationHealth, type HealthInvite } from '../../admin/health.ts';
import { fetchEventTypes } from '../../sync/register-params.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

// Channels (with subscriber counts), groups, linkifiers, defaults and the organization's name.
const FETCHED = [
  'realm',
  'stream',
  'user_group',
  'realm_linkifiers',
  'realm_user_settings_defaults',
];

export function adminHealthHandlers(ctx: CoreContext): Pick<HandlerTable, 'adminHealth.report'> {
  return {
    'adminHealth.report': async ({ accountId }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      const snapshot = (async () => {
        const { data } = await register(client, {
          event_types: FETCHED,
          fetch_event_types: fetchEventTypes(FETCHED),
        });
        // A queue left behind is collected by the server after ten minutes: not worth an error.
        if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
        return data;
      })();
      const [data, users, invites] = await Promise.all([
        snapshot,
        getUsers(client),
        listInvites(client),
      ]);
      const report = organizationHealth({
        nowMs: ctx.clock.now(),
        users: users.data.members.map((u) => ({
          userId: u.user_id,
          fullName: u.full_name,
          role: u.role,
          isActive: u.is_active,
          isBot: u.is_bot,
          botOwnerId: u.bot_owner_id,
        })),
        groups: (data.realm_user_groups ?? []).map((g) => ({
          name: g.name,
          members: g.members,
          isSystemGroup: g['is_system_group'] === true,
        })),
        invites,
        channels: (data.streams ?? []).map((c) => ({
          name: c.name,
          subscriberCount: typeof c['subscriber_count'] === 'number' ? c['subscriber_count'] : null,
          isArchived: c['is_archived'] === true,
        })),
        linkifiers: (data.realm_linkifiers ?? []).map((l) => ({
          pattern: l.pattern,
          urlTemplate: l.url_template,
        })),
        defaults: { ...(data.realm_user_settings_defaults ?? {}) },
      });
      return { ...report, realmName: data.realm_name ?? '', checkedAtMs: ctx.clock.now() };
    },
  };
}

/**
 * Pending invitations, or null when the server will not list them for this caller: the view
 * then says invitations were not checked rather than that none expire.
 */
async function listInvites(
  client: Parameters<typeof getInvites>[0],
): Promise<HealthInvite[] | null> {
  try {
    const { data } = await getInvites(client);
    return data.invites.map((i) => ({
      email: i.is_multiuse ? null : (i.email ?? null),
      linkUrl: i.link_url ?? null,
      expiresAtMs:
        i.expiry_date === null || i.expiry_date === undefined ? null : i.expiry_date * 1000,
    }));
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}
