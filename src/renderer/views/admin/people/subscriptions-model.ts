/**
 * The Remove subscribers panel's one change: unsubscribing oneself or others from channels
 * (upstream unsubscribe, spec 4.9), answered with which subscriptions went and which stayed.
 */
import type { AdminConsole } from '../admin-console.ts';

export class SubscriptionsModel {
  readonly admin: AdminConsole;

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  /** Destructive for others: the form asks first, naming them, and only then calls this. */
  unsubscribe(channels: string[], principals: number[] | string[] | undefined) {
    return this.admin.rpc.invoke('adminPeople.unsubscribe', {
      accountId: this.admin.accountId,
      channels,
      ...(principals ? { principals } : {}),
    });
  }
}
