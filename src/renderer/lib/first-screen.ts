/**
 * Where the window opens: with no account, where the user can start (sign-in or the demo);
 * otherwise on Messages, at the conversation with the newest unread message across every
 * account.
 */
import type { AccountSummary } from '../../core/rpc/contract.ts';
import type { OpenTarget } from '../../core/notify/notifier.ts';
import { invoke, on } from '../bridge.ts';
import { placeAtUnread } from '../views/messages/reveal.ts';
import { selectAccount } from './session.svelte.ts';

export type FirstView = 'accounts' | 'messages';

/** The conversation with the newest unread message, or null if none is known (yet). */
function newestUnread(): Promise<OpenTarget | null> {
  return invoke('messages.newestUnread', {}).catch(() => null);
}

function placeAt(target: OpenTarget): void {
  placeAtUnread(target);
  selectAccount(target.accountId);
}

/**
 * Chooses the first view. An account whose first registration is still on its way has no
 * unread state yet: `reopen` is then called once it arrives, unless the user has started
 * doing something else meanwhile (their choice wins over a late answer). Once every
 * account has reported, later messages no longer move the window.
 */
export async function openFirstScreen(
  accounts: readonly AccountSummary[],
  reopen: () => void,
): Promise<FirstView> {
  if (accounts.length === 0) return 'accounts';
  const first = await newestUnread();
  if (first) {
    placeAt(first);
    return 'messages';
  }
  let waiting = true;
  const unreported = new Set(accounts.map((a) => a.id));
  const stop = () => {
    waiting = false;
    off();
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('keydown', stop, true);
  };
  const off = on('messages.unreadChanged', ({ accountId }) => {
    unreported.delete(accountId);
    const last = unreported.size === 0;
    void newestUnread().then((target) => {
      // The user may have moved on while the answer was on its way.
      if (!waiting) return;
      if (target) {
        placeAt(target);
        reopen();
      }
      if (target || last) stop();
    });
  });
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('keydown', stop, true);
  return 'messages';
}
