/**
 * The Messages sidebar of one account, kept by the Core's patches while the view is shown
 * (issue 25 point 2): no fetch per incoming message, and leaving the view stops the pushes.
 */
import type { SidebarSnapshot } from '../../../core/rpc/schemas/messages.ts';
import { errorText } from '../../lib/errors.ts';
import { followSidebar, liveState } from '../inbox/live.ts';

export class SidebarLive {
  readonly #accountId: string;
  readonly #live = $state(liveState<SidebarSnapshot>());
  #reload: (() => void) | undefined;

  constructor(accountId: string) {
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
    const following = followSidebar(this.#live, this.#accountId);
    this.#reload = following.reload;
    return () => {
      this.#reload = undefined;
      following.stop();
    };
  }

  /** A failed or stale sidebar is asked for again (a user moving on, the server back). */
  retry(): void {
    if (this.error !== undefined) this.#reload?.();
  }
}
