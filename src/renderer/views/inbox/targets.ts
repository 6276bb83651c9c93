/** Where a row leads and what its topic buttons set: pure, shared by Inbox and Recent. */
import type { AccountSummary, OpenTargetWire as OpenTarget } from '../../../contract/contract.ts';
import type { ConversationTarget } from '../../../contract/schemas/inbox.ts';

/** The narrow a row opens, the channel by name as the narrow bar shows it. */
export function openTarget(
  account: Pick<AccountSummary, 'id' | 'userId'>,
  target: ConversationTarget,
  channelName: string | undefined,
  messageId: number,
): OpenTarget {
  if (target.kind === 'dm') {
    const people = target.userIds.length > 0 ? target.userIds : [account.userId];
    return { accountId: account.id, messageId, narrow: [{ operator: 'dm', operand: people }] };
  }
  const channel = { operator: 'channel' as const, operand: channelName ?? target.streamId };
  return {
    accountId: account.id,
    messageId,
    narrow:
      target.kind === 'topic' ? [channel, { operator: 'topic', operand: target.topic }] : [channel],
  };
}

export type Policy = 0 | 1 | 2 | 3;

/**
 * The policy "Mute" / "Unmute" sets: muting is 1; unmuting goes back to inheriting unless
 * the channel itself is muted, where only an explicit unmute (2) shows the topic.
 */
export function muteToggle(_policy: Policy, muted: boolean, channelMuted: boolean): Policy {
  if (!muted) return 1;
  return channelMuted ? 2 : 0;
}

/** "Follow" sets 3; "Unfollow" goes back to inheriting. */
export function followToggle(policy: Policy): Policy {
  return policy === 3 ? 0 : 3;
}

/** Topic policies (mute, unmute, follow) need this feature level (POST /user_topics). */
export const USER_TOPICS_LEVEL = 170;
/** Marking a conversation read by its narrow needs this level. */
export const FLAGS_NARROW_LEVEL = 155;
