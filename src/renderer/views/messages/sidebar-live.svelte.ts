/**
 * The Messages sidebar of one account, kept by the Core's patches while the view is shown
 * (docs/architecture.md "Pushed topics"): no fetch per incoming message, and leaving the view stops
 * the pushes.
 */
import type { SidebarSnapshot } from '../../../contract/schemas/messages.ts';
import { errorText } from '../../lib/errors.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';
import { followSidebar, liveState, type Following } from '../inbox/follow.ts';

export class SidebarLive {
  readonly #port: RpcPort;
  readonly #accountId: string;
  readonly #live = $state(liveState<SidebarSnapshot>());
  #following: Following | undefined;

  constructor(port: RpcPort, accountId: string) {
    this.#port = port;
    this.#accountId = accountId;
  }

  get sidebar(): SidebarSnapshot | undefined {
    return this.#live.byAccount.get(this.#accountId);
  }

  /** Why the sidebar could not be loaded or refreshed, or why it is only the registered channels. */
  get error(): string | undefined {
    if (this.#live.error !== undefined) return errorText(this.#live.error);
    return this.sidebar?.refreshError ?? this.sidebar?.stale;
  }

  /** Follows the sidebar; returns what stops following it. */
  start(): () => void {
    const following = followSidebar(this.#port, this.#live, this.#accountId);
    this.#following = following;
    return () => {
      if (this.#following === following) this.#following = undefined;
      following.stop();
    };
  }

  /** Asks for the whole sidebar again (the user's Try again). */
  reload(): Promise<void> {
    return this.#following?.reload() ?? Promise.resolve();
  }

  /** A failed or stale sidebar is asked for again (a user moving on, the server back). */
  retry(): void {
    if (this.error !== undefined) void this.reload();
  }
}
