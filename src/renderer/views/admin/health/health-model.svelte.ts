/**
 * The Health panel's report: the Core computes the findings (health checks over people,
 * groups, channels, invitations, linkifiers and defaults); this fetches it again on demand
 * and whenever the server says one of those changed.
 */
import type { AdminKind } from '../../../../contract/schemas/admin-edit.ts';
import type { HealthReportWire } from '../../../../contract/schemas/admin-health.ts';
import type { AdminConsole } from '../admin-console.ts';

/** Every check reads something another administrator may change meanwhile. */
export const HEALTH_KINDS: readonly AdminKind[] = [
  'people',
  'bots',
  'groups',
  'channels',
  'invites',
  'linkifiers',
  'defaults',
];

export class HealthModel {
  readonly admin: AdminConsole;
  report = $state<HealthReportWire | undefined>();
  error = $state<unknown>();
  busy = $state(false);

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  async reload(): Promise<void> {
    this.busy = true;
    try {
      this.report = await this.admin.rpc.invoke('adminHealth.report', {
        accountId: this.admin.accountId,
      });
      this.error = undefined;
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }
}
