/** The caller's fresh role and permissions, the users and the groups, for one account. */
import type { PeopleContext, PersonRef } from '../../../../contract/schemas/admin-people.ts';
import type { AdminConsole } from '../admin-console.ts';
import { Action } from './action.svelte.ts';

export class PeopleData {
  value = $state<PeopleContext | undefined>();
  readonly loading = new Action();
  readonly #admin: AdminConsole;

  constructor(admin: AdminConsole) {
    this.#admin = admin;
  }

  async refresh(): Promise<void> {
    const { rpc, accountId } = this.#admin;
    const next = await this.loading.run(() => rpc.invoke('adminPeople.context', { accountId }));
    if (next) this.value = next;
  }
}

export function personName(userId: number, users: readonly PersonRef[]): string {
  const u = users.find((p) => p.userId === userId);
  return u ? `${u.fullName} (${u.email})` : `user ${userId}`;
}
