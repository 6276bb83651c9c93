/**
 * Where `n` and `p` go: the next conversation with unread messages after the one on screen,
 * in the sidebar's order (muted channels skipped, as the web app does), wrapping around.
 */
import type { NarrowTermWire, Sidebar } from '../../contract/schemas/messages.ts';

function operand(terms: readonly NarrowTermWire[], operator: string): unknown {
  return terms.find((t) => t.operator === operator && !t.negated)?.operand;
}

/** The item after the current one (or the first) among those with unread messages. */
function after<T>(items: readonly T[], isCurrent: (item: T) => boolean): T | undefined {
  const at = items.findIndex(isCurrent);
  return items[(at + 1) % items.length] ?? items[0];
}

export function nextUnreadTopic(
  sidebar: Sidebar,
  current: readonly NarrowTermWire[],
): NarrowTermWire[] | undefined {
  const channel = operand(current, 'channel');
  const topic = operand(current, 'topic');
  const unread = sidebar.channels
    .filter((c) => !c.muted)
    .flatMap((c) => c.topics.filter((t) => t.unread > 0).map((t) => ({ c, t })));
  const next = after(
    unread,
    ({ c, t }) =>
      (channel === c.name || channel === c.streamId) &&
      typeof topic === 'string' &&
      topic.toLowerCase() === t.name.toLowerCase(),
  );
  return next
    ? [
        { operator: 'channel', operand: next.c.name },
        { operator: 'topic', operand: next.t.name },
      ]
    : undefined;
}

export function nextUnreadDm(
  sidebar: Sidebar,
  current: readonly NarrowTermWire[],
  myUserId: number,
): NarrowTermWire[] | undefined {
  const dm = operand(current, 'dm');
  const key = Array.isArray(dm) ? dm.filter((id) => id !== myUserId).join(',') : undefined;
  const next = after(
    sidebar.conversations.filter((c) => c.unread > 0),
    (c) => c.userIds.join(',') === key,
  );
  return next
    ? [{ operator: 'dm', operand: next.userIds.length > 0 ? next.userIds : [myUserId] }]
    : undefined;
}
