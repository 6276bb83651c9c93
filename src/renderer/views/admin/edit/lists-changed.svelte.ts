/**
 * Reloads what a panel shows when the account's event queue says it changed on the server
 * (AdminConsole.onChange), for as long as the component calling it is mounted.
 */
import type { AdminKind } from '../../../../contract/schemas/admin-edit.ts';
import type { AdminConsole } from '../admin-console.ts';

export function reloadOnChange(
  admin: AdminConsole,
  kinds: AdminKind | readonly AdminKind[],
  reload: () => Promise<unknown> | unknown,
): void {
  $effect(() => admin.onChange(kinds, reload));
}
