/**
 * The Messages sidebar crosses the bridge as keyed rows, as the Inbox does
 * (inbox-patch.ts): the Core builds its lists in these orders, and the page puts each
 * changed row into its copy by the same orders, so both stay alike without sending it all.
 */
import { applyGroupedRows, groupedRowKey, groupedRows, type GroupedOrder } from './inbox-patch.ts';
import type {
  Sidebar,
  SidebarChannel,
  SidebarConversation,
  SidebarPatchWire,
  SidebarRowWire,
  SidebarSnapshot,
} from './schemas/messages.ts';

/**
 * Pinned channels first, then by name; topics newest first, as upstream's left sidebar
 * lists them (a topic's place changes only when a message arrives in it, never when it is
 * read); conversations with unread messages first, each part newest first.
 */
export const SIDEBAR_ORDER: GroupedOrder<SidebarChannel, SidebarConversation> = {
  channel: (a, b) =>
    Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name) || a.streamId - b.streamId,
  topic: (a, b) => (b.newestId ?? 0) - (a.newestId ?? 0) || a.name.localeCompare(b.name),
  dm: (a, b) =>
    Number(b.unread > 0) - Number(a.unread > 0) ||
    (b.newestId ?? 0) - (a.newestId ?? 0) ||
    a.userIds.join(',').localeCompare(b.userIds.join(',')),
};

export const sidebarRowKey: (row: SidebarRowWire) => string = groupedRowKey;

export function sidebarRows(sidebar: Sidebar): SidebarRowWire[] {
  return groupedRows(sidebar.channels, sidebar.conversations);
}

/** The sidebar without its rows: what each patch carries whole. */
export function sidebarHead(sidebar: Sidebar | SidebarSnapshot): SidebarPatchWire['head'] {
  const { channels: _c, conversations: _d, ...head } = sidebar;
  const {
    accountId: _a,
    seq: _s,
    ...rest
  } = head as typeof head & {
    accountId?: string;
    seq?: number;
  };
  return rest;
}

export function applySidebarPatch(
  before: SidebarSnapshot | undefined,
  patch: SidebarPatchWire,
): SidebarSnapshot {
  const { channels, dms } = applyGroupedRows(
    { channels: before?.channels ?? [], dms: before?.conversations ?? [] },
    patch,
    SIDEBAR_ORDER,
  );
  return {
    ...patch.head,
    accountId: patch.accountId,
    seq: patch.seq,
    channels,
    conversations: dms,
  };
}
