/**
 * The organization health view: gathers what the existing endpoints give (one register
 * snapshot, GET /users, GET /invites) and hands it to the pure check in health.ts. Nothing
 * is cached: each look is fresh.
 */
import type { Clock } from '../../lib/clock.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { getInvites } from '../../api/routes/invites.ts';
import { getUsers } from '../../api/routes/users.ts';
import type { Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { registerSnapshot } from '../sync/snapshot.ts';
import type { HealthInvite } from './health.ts';

// Channels (with subscriber counts), groups, linkifiers, defaults and the organization's name.
const FETCHED = [
  'realm',
  'stream',
  'user_group',
  'realm_linkifiers',
  'realm_user_settings_defaults',
];

/**
 * Pending invitations, or null when the server will not list them for this caller: the view
 * then says invitations were not checked rather than that none expire.
 */
async function listInvites(client: ApiClient): Promise<HealthInvite[] | null> {
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

export class AdminHealth {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly clock: Clock,
  ) {}

  async report(accountId: string): Promise<Result<'adminHealth.report'>> {
    const { client } = await this.accounts.clientFor(accountId);
    const [data, users, invites] = await Promise.all([
      registerSnapshot(client, FETCHED),
      getUsers(client),
      listInvites(client),
    ]);
    // Loaded with the first report: its linkifier check brings the RE2 engine (re2js), 8 to
    // 10 ms of compiling and evaluating at every start otherwise (bench/README.md, `cache-start`).
    const { organizationHealth } = await import('./health.ts');
    const report = organizationHealth({
      nowMs: this.clock.now(),
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
    return { ...report, realmName: data.realm_name ?? '', checkedAtMs: this.clock.now() };
  }
}
