/** The caller's fresh role and permissions, the users and the groups, for one account. */
import { invoke } from '../../../bridge.ts';
import type { PeopleContext, PersonRef } from '../../../../contract/schemas/admin-people.ts';
import { Action } from './action.svelte.ts';

export class PeopleData {
  value = $state<PeopleContext | undefined>();
  readonly loading = new Action();
  readonly #accountId: () => string;

  /** Takes the account as a getter: the panel's account prop may change under it. */
  constructor(accountId: () => string) {
    this.#accountId = accountId;
  }

  async refresh(): Promise<void> {
    const accountId = this.#accountId();
    const next = await this.loading.run(() => invoke('adminPeople.context', { accountId }));
    if (next) this.value = next;
  }
}

export function personName(userId: number, users: readonly PersonRef[]): string {
  const u = users.find((p) => p.userId === userId);
  return u ? `${u.fullName} (${u.email})` : `user ${userId}`;
}
