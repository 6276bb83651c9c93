/**
 * The Users panel's traffic with the Core: the people list (reloaded in place when the server
 * says people or bots changed), one person's details, and the changes an administrator makes
 * (create, role, deactivate, reactivate: upstream create-user, update-user, deactivate-user
 * and reactivate-user). The panel and its person page keep the markup and the forms.
 */
import type { UserDetails } from '../../../../contract/schemas/admin-people.ts';
import type { PeopleList, PersonRow } from '../../../../contract/schemas/admin-users.ts';
import type { AdminConsole } from '../admin-console.ts';
import { Action } from '../people/action.svelte.ts';

export type RoleValue = 100 | 200 | 300 | 400 | 600;

export class UsersModel {
  readonly admin: AdminConsole;
  /** Raw: 10 000 rows are replaced whole, never edited in place, and proxies would slow every read. */
  list = $state.raw<PeopleList | undefined>();
  readonly listing = new Action();

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  async loadList(): Promise<void> {
    const { rpc, accountId } = this.admin;
    const next = await this.listing.run(() => rpc.invoke('adminUsers.list', { accountId }));
    if (next) this.list = next;
  }

  createUser(fields: { email: string; password: string; fullName: string }) {
    return this.admin.rpc.invoke('adminPeople.createUser', {
      accountId: this.admin.accountId,
      ...fields,
    });
  }

  lookupUser(userId: number): Promise<UserDetails> {
    return this.admin.rpc.invoke('adminPeople.lookupUser', {
      accountId: this.admin.accountId,
      userId,
    });
  }

  setRole(userId: number, role: RoleValue) {
    return this.admin.rpc.invoke('adminUsers.setRole', {
      accountId: this.admin.accountId,
      userId,
      role,
    });
  }

  deactivate(person: PersonRow) {
    return this.admin.rpc.invoke('adminUsers.deactivate', {
      accountId: this.admin.accountId,
      userId: person.userId,
      isBot: person.isBot,
    });
  }

  reactivate(person: PersonRow) {
    return this.admin.rpc.invoke('adminUsers.reactivate', {
      accountId: this.admin.accountId,
      userId: person.userId,
    });
  }
}
