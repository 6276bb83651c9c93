/**
 * The renderer's copy of the Core's Inbox and Recent rows, one entry per organization, kept
 * current by the Core's patches (never by polling), through the window's bridge. The maps are
 * replaced, never mutated, so a `$state` holder of a Live re-renders on each push.
 */
import { invoke, on } from '../../bridge.ts';
import { follow, type Live } from './follow.ts';
import { applyInboxPatch, applyRecentPatch } from '../../../contract/inbox-patch.ts';
import type { InboxAccountWire, RecentAccountWire } from '../../../contract/schemas/inbox.ts';

export { liveState, type Live } from './follow.ts';

const bridge = { invoke, on };

export function followInbox(state: Live<InboxAccountWire>): () => void {
  return follow(
    bridge,
    state,
    'inbox.patch',
    async () => (await invoke('inbox.get', {})).accounts,
    applyInboxPatch,
  ).stop;
}

/** Recent's changes are pushed only while a view follows it: leaving tells the Core. */
export function followRecent(state: Live<RecentAccountWire>): () => void {
  // Each recent.get counts as one watcher in the Core (a reload after a lost patch too).
  let asked = 0;
  const { stop } = follow(
    bridge,
    state,
    'recent.patch',
    async () => {
      asked++;
      return (await invoke('recent.get', {})).accounts;
    },
    applyRecentPatch,
  );
  return () => {
    stop();
    for (; asked > 0; asked--) invoke('recent.unwatch', {}).catch(() => undefined);
  };
}

/**
 * Has the Core load Recent conversations now (one history window per organization), so an
 * organization that goes out of reach or signs out later still has last known ones to show.
 */
export function warmRecent(): void {
  invoke('recent.prepare', {}).catch(() => undefined);
}
