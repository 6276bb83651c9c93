/**
 * The organization panels' shared starting point: one fresh `adminOrg.context` call per
 * panel, reloadable after a change so the panel shows what the server now holds.
 */
import type { OrgContext } from '../../../../contract/schemas/admin-org.ts';
import { errorText } from '../../../lib/errors.ts';
import type { AdminConsole } from '../admin-console.ts';

export type OrgContextHolder = {
  readonly value: OrgContext | undefined;
  readonly error: string | undefined;
  /** The failure itself, to show in words with the server's answer as details. */
  readonly failure: unknown;
  reload(): Promise<void>;
};

export function orgContext(admin: AdminConsole): OrgContextHolder {
  let value = $state<OrgContext | undefined>();
  let error = $state<string | undefined>();
  let failure = $state<unknown>();
  async function reload() {
    try {
      value = await admin.rpc.invoke('adminOrg.context', { accountId: admin.accountId });
      error = undefined;
      failure = undefined;
    } catch (err) {
      error = errorText(err);
      failure = err;
    }
  }
  void reload();
  return {
    get value() {
      return value;
    },
    get error() {
      return error;
    },
    get failure() {
      return failure;
    },
    reload,
  };
}
