/**
 * The renderer's shared view of who is signed in and which account the window is working
 * on. Views read it; App.svelte keeps it in step with the Core's `accounts.changed` pushes.
 */
import type { AccountSummary } from '../../contract/contract.ts';

export const session = $state<{ accounts: AccountSummary[]; currentId: string | undefined }>({
  accounts: [],
  currentId: undefined,
});

export function setAccounts(accounts: AccountSummary[]): void {
  session.accounts = accounts;
  if (!accounts.some((a) => a.id === session.currentId)) session.currentId = accounts[0]?.id;
}

export function currentAccount(): AccountSummary | undefined {
  return session.accounts.find((a) => a.id === session.currentId);
}

export function selectAccount(id: string): void {
  if (session.accounts.some((a) => a.id === id)) session.currentId = id;
}
