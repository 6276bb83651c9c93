/**
 * Where the window opens: with no account, where the user can start (sign-in or the demo);
 * otherwise on the first account's home view (its `web_home_view` setting): Inbox, Recent,
 * or Messages at the conversation with the newest unread message across every account.
 */
import type { AccountSummary, OpenTargetWire as OpenTarget } from '../../contract/contract.ts';
import { invoke, on } from '../bridge.ts';
import { placeAtUnread } from '../views/messages/reveal.ts';
import { selectAccount } from './session.svelte.ts';

export type FirstView = 'accounts' | 'messages' | 'inbox' | 'recent';

/** The first account's home view; Messages when it cannot be read (offline, old server). */
async function homeView(accountId: string): Promise<FirstView> {
  const settings = await invoke('settings.get', { accountId }).catch(() => undefined);
  const chosen = settings?.values['web_home_view'];
  return chosen === 'inbox' || chosen === 'recent' ? chosen : 'messages';
}

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
  const account = accounts[0];
  if (account === undefined) return 'accounts';
  const home = await homeView(account.id);
  if (home !== 'messages') return home;
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
