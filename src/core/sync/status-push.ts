/**
 * Which `sync.status` changes are pushed to the windows: a change in what an account's
 * connection is (its state, queue, failures, error, retry or rate limit), not every event's
 * new id and time. Those move with each long-poll answer, and pushed they would wake every
 * window twice per incoming message (an idle Perch stays idle: docs/architecture.md, "Pushed topics"). The one view that shows them
 * (Activity's "last news" and last event id) asks the Core each second while it is shown.
 */
import type { AccountHealth } from './account-sync.ts';
import type { AccountSyncStatus } from './manager.ts';

/** What each long-poll answer moves, and nothing a window is pushed for. */
const EVENT_FIGURES: ReadonlySet<string> = new Set([
  'lastEventId',
  'lastEventAt',
  'lastHeartbeatAt',
]);

/** Whether `b` differs from `a` in event figures alone (or not at all). */
export function sameButEventFigures(a: AccountHealth, b: AccountHealth): boolean {
  const differs = (x: AccountHealth, y: AccountHealth) =>
    Object.keys(x).some(
      (key) =>
        !EVENT_FIGURES.has(key) && x[key as keyof AccountHealth] !== y[key as keyof AccountHealth],
    );
  return !differs(a, b) && !differs(b, a);
}

/** What a window is told of, without the per-event figures. */
function shown(statuses: readonly AccountSyncStatus[]): string {
  return JSON.stringify(
    statuses.map(({ accountId, health, cache }) => [
      accountId,
      Object.fromEntries(Object.entries(health).filter(([key]) => !EVENT_FIGURES.has(key))),
      cache,
    ]),
  );
}

/** Calls `publish` with the statuses only when they differ from the last published in more than event figures. */
export function statusPublisher(
  publish: (statuses: AccountSyncStatus[]) => void,
): (statuses: AccountSyncStatus[]) => void {
  let last: string | undefined;
  return (statuses) => {
    const key = shown(statuses);
    if (key === last) return;
    last = key;
    publish(statuses);
  };
}
