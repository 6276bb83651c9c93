/** The admin console's side of the Core, one service per group of panels. */
import type { Clock } from '../../lib/clock.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { AdminChannels } from './channels.ts';
import { AdminEdits } from './edits.ts';
import { AdminHealth } from './health-report.ts';
import { AdminInvites } from './invites.ts';
import { AdminOrg } from './organization.ts';
import { AdminUsers } from './users.ts';

export interface AdminServices {
  readonly org: AdminOrg;
  readonly channels: AdminChannels;
  readonly edits: AdminEdits;
  readonly health: AdminHealth;
  readonly invites: AdminInvites;
  readonly users: AdminUsers;
}

export function createAdminServices(
  accounts: Pick<AccountManager, 'clientFor'>,
  clock: Clock,
): AdminServices {
  return {
    org: new AdminOrg(accounts, clock),
    channels: new AdminChannels(accounts),
    edits: new AdminEdits(accounts),
    health: new AdminHealth(accounts, clock),
    invites: new AdminInvites(accounts),
    users: new AdminUsers(accounts),
  };
}
