/**
 * The people list and the per-user actions of the admin console: each call goes through
 * the account's own client, and a server refusal reaches the panel as the server said it.
 */
import {
  deactivateBot,
  deactivateUser,
  getOwnUser,
  getUsers,
  reactivateUser,
  updateUserRole,
} from '../../api/routes/users.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';

export class AdminUsers {
  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async list(accountId: string): Promise<Result<'adminUsers.list'>> {
    const client = await this.#client(accountId);
    const [{ data: all }, { data: me }] = await Promise.all([getUsers(client), getOwnUser(client)]);
    return {
      me: { userId: me.user_id, role: me.role },
      users: all.members.map((u) => ({
        userId: u.user_id,
        fullName: u.full_name,
        email: u.delivery_email ?? u.email,
        role: u.role,
        isActive: u.is_active,
        isBot: u.is_bot,
        botOwnerId: u.bot_owner_id ?? null,
        dateJoined: u.date_joined,
      })),
    };
  }

  async setRole({ accountId, userId, role }: Args<'adminUsers.setRole'>): Promise<void> {
    await updateUserRole(await this.#client(accountId), userId, role);
  }

  /** A bot is deactivated through the bot endpoint, a person through the user one. */
  async deactivate({ accountId, userId, isBot }: Args<'adminUsers.deactivate'>): Promise<void> {
    const client = await this.#client(accountId);
    await (isBot ? deactivateBot(client, userId) : deactivateUser(client, userId));
  }

  async reactivate(accountId: string, userId: number): Promise<void> {
    await reactivateUser(await this.#client(accountId), userId);
  }
}
