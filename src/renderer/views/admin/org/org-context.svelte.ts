/**
 * The organization panels' shared starting point: one fresh `adminOrg.context` call per
 * panel, reloadable after a change so the panel shows what the server now holds.
 */
import { invoke } from '../../../bridge.ts';
import type { OrgContext } from '../../../../core/rpc/schemas/admin-org.ts';
import { errorText } from '../../../lib/errors.ts';

export type OrgContextHolder = {
  readonly value: OrgContext | undefined;
  readonly error: string | undefined;
  reload(): Promise<void>;
};

export function orgContext(accountId: () => string): OrgContextHolder {
  let value = $state<OrgContext | undefined>();
  let error = $state<string | undefined>();
  async function reload() {
    try {
      value = await invoke('adminOrg.context', { accountId: accountId() });
      error = undefined;
    } catch (err) {
      error = errorText(err);
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
    reload,
  };
}
