/**
 * Whether the user may edit, move or delete a message under the organization's rules, and
 * if not, why, in words: the message menu says so before any request. The server has the
 * last word (its refusal is shown too); this only spares the user a doomed attempt.
 * Pure, shared by the Core (which reads the rules from register) and the renderer.
 */
export interface EditRules {
  allowEditing: boolean;
  /** Seconds after sending; null: no limit. */
  editLimitSeconds: number | null;
  deleteLimitSeconds: number | null;
  moveTopicLimitSeconds: number | null;
  moveChannelLimitSeconds: number | null;
  canDeleteAny: boolean;
  canDeleteOwn: boolean;
  canMoveTopics: boolean;
  canMoveChannels: boolean;
  canResolve: boolean;
  /** Administrators and moderators move messages whatever their age. */
  exemptFromMoveLimits: boolean;
}

export type MessageAction = 'edit' | 'topic' | 'channel' | 'resolve' | 'delete';

export interface MessageFacts {
  sender_id: number;
  /** UNIX seconds. */
  timestamp: number;
  type: string;
}

/** Upstream lets a request through this long after a limit. */
const GRACE_SECONDS = 20;

function duration(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}

function late(limit: number | null, m: MessageFacts, nowSeconds: number): boolean {
  return limit !== null && nowSeconds - m.timestamp > limit + GRACE_SECONDS;
}

/** Why the action is refused, or undefined when the rules allow it. */
export function refusal(
  rules: EditRules,
  action: MessageAction,
  m: MessageFacts,
  myUserId: number,
  nowSeconds: number,
): string | undefined {
  const own = m.sender_id === myUserId;
  const channel = m.type === 'stream';
  switch (action) {
    case 'edit':
      if (!rules.allowEditing) return 'This organization has turned off message editing.';
      if (!own) return 'Only the sender can edit a message.';
      if (late(rules.editLimitSeconds, m, nowSeconds))
        return `Too late to edit: this organization allows edits for ${duration(rules.editLimitSeconds ?? 0)} after sending.`;
      return undefined;
    case 'topic':
      if (!channel) return 'Direct messages have no topic to change.';
      if (!rules.canMoveTopics)
        return 'This organization does not let you move messages to another topic.';
      if (!rules.exemptFromMoveLimits && late(rules.moveTopicLimitSeconds, m, nowSeconds))
        return `Too late to move: this organization allows moving messages for ${duration(rules.moveTopicLimitSeconds ?? 0)} after sending.`;
      return undefined;
    case 'channel':
      if (!channel) return 'Direct messages cannot be moved to a channel.';
      if (!rules.canMoveChannels)
        return 'This organization does not let you move messages to another channel.';
      if (!rules.exemptFromMoveLimits && late(rules.moveChannelLimitSeconds, m, nowSeconds))
        return `Too late to move: this organization allows moving messages to another channel for ${duration(rules.moveChannelLimitSeconds ?? 0)} after sending.`;
      return undefined;
    case 'resolve':
      if (!channel) return 'Direct messages have no topic to resolve.';
      if (!rules.canResolve) return 'This organization does not let you resolve topics.';
      return undefined;
    case 'delete':
      if (rules.canDeleteAny) return undefined;
      if (!own) return 'This organization does not let you delete other people’s messages.';
      if (!rules.canDeleteOwn) return 'This organization does not let you delete your messages.';
      if (late(rules.deleteLimitSeconds, m, nowSeconds))
        return `Too late to delete: this organization allows deleting messages for ${duration(rules.deleteLimitSeconds ?? 0)} after sending.`;
      return undefined;
  }
}

/** Rules that refuse nothing: the server decides (before register, or from an old server). */
export const OPEN_RULES: EditRules = {
  allowEditing: true,
  editLimitSeconds: null,
  deleteLimitSeconds: null,
  moveTopicLimitSeconds: null,
  moveChannelLimitSeconds: null,
  canDeleteAny: false,
  canDeleteOwn: true,
  canMoveTopics: true,
  canMoveChannels: true,
  canResolve: true,
  exemptFromMoveLimits: false,
};

/** Upstream's resolved-topic prefix: a check mark and a space. */
export const RESOLVED_PREFIX = '✔ ';

export function isResolved(topic: string): boolean {
  return topic.startsWith(RESOLVED_PREFIX);
}

/** The topic resolved, or unresolved if it was. */
export function toggledResolution(topic: string): string {
  return isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length) : RESOLVED_PREFIX + topic;
}
