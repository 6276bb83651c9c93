/**
 * Reloads a panel's list when the account's event queue says the list changed on the
 * server: another administrator's edit, or this user's in another session.
 */
import { on } from '../../../bridge.ts';
import type { EditedKind } from '../../../../core/rpc/schemas/admin-edit.ts';

export function reloadOnChange(
  accountId: () => string,
  kind: EditedKind,
  reload: () => Promise<void> | void,
): void {
  $effect(() =>
    on('adminEdit.changed', ({ accountId: changed, kinds }) => {
      if (changed === accountId() && kinds.includes(kind)) void reload();
    }),
  );
}
