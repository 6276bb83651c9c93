/**
 * Reloads what a panel shows when the account's event queue says it changed on the server:
 * another administrator's action, or this user's in another session. A burst of events
 * (a deactivation empties several groups) costs one reload in flight and at most one
 * after it, and answers never land out of order.
 */
import { on } from '../../../bridge.ts';
import type { AdminKind } from '../../../../contract/schemas/admin-edit.ts';

export function reloadOnChange(
  accountId: () => string,
  kinds: AdminKind | readonly AdminKind[],
  reload: () => Promise<unknown> | unknown,
): void {
  const wanted: readonly AdminKind[] = typeof kinds === 'string' ? [kinds] : kinds;
  let running: Promise<void> | undefined;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await reload();
      } while (again);
    })();
    try {
      await running;
    } finally {
      running = undefined;
    }
  };
  $effect(() =>
    on('adminEdit.changed', ({ accountId: changed, kinds: got }) => {
      if (changed === accountId() && got.some((k) => wanted.includes(k))) void run();
    }),
  );
}
