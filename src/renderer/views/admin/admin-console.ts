/**
 * The admin console's way to the Core for one account: the RPC port, the account the panel
 * works on, and following the Core's word that an admin list changed on the server. The
 * panels' models (beside the panels: users, channels, groups, invitations, organization,
 * ...) make their calls through it, so they run under plain Node with a recording Core as
 * well as in the window, where only AdminView.svelte takes the port from bridge.ts.
 */
import type { AdminKind } from '../../../contract/schemas/admin-edit.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export class AdminConsole {
  readonly rpc: RpcPort;
  readonly #accountId: () => string;

  /** Takes the account as a getter: the panel's account prop may change under it. */
  constructor(rpc: RpcPort, accountId: () => string) {
    this.rpc = rpc;
    this.#accountId = accountId;
  }

  get accountId(): string {
    return this.#accountId();
  }

  /**
   * Calls `reload` when the account's event queue says one of `kinds` changed on the
   * server: another administrator's action, or this user's in another session. A burst of
   * events (a deactivation empties several groups) costs one reload in flight and at most
   * one after it, and answers never land out of order. Returns what stops following.
   */
  onChange(kinds: AdminKind | readonly AdminKind[], reload: () => unknown): () => void {
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
    return this.rpc.on('adminEdit.changed', ({ accountId, kinds: got }) => {
      if (accountId === this.accountId && got.some((k) => wanted.includes(k))) void run();
    });
  }
}
