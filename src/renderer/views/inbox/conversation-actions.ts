/**
 * What a conversation's actions send, shared by the Inbox and Recent rows and the message
 * list's recipient bars: mark read (queued while the organization is out of reach), a
 * topic's mute / follow policy, a channel's mute, and dropping a queued mark-read that the
 * server refused. Each says before any request when the
 * organization's server is too old for it.
 */
import type { AccountSummary } from '../../../contract/contract.ts';
import type { ConversationTarget, TopicStateWire } from '../../../contract/schemas/inbox.ts';
import { invoke } from '../../bridge.ts';
import { isDmMuted, withDmMuted } from '../../../contract/muted-dms.ts';
import { releaseNeeded } from '../../../lib/server-version.ts';
import { FLAGS_NARROW_LEVEL, USER_TOPICS_LEVEL, type Policy } from './targets.ts';

type Org = Pick<AccountSummary, 'id' | 'realmName' | 'featureLevel'>;

/** Why the server cannot take it, or undefined when it can. */
export function tooOld(account: Org, level: number): string | undefined {
  return account.featureLevel >= level
    ? undefined
    : `${account.realmName} runs a server too old for this; it needs ${releaseNeeded(level)}.`;
}

export const cannotMarkRead = (account: Org) => tooOld(account, FLAGS_NARROW_LEVEL);
export const cannotSetPolicy = (account: Org) => tooOld(account, USER_TOPICS_LEVEL);

/** Marks it read; the sentence to show when it was only queued. */
export async function markRead(
  account: Org,
  target: ConversationTarget,
): Promise<string | undefined> {
  const why = cannotMarkRead(account);
  if (why) throw new Error(why);
  const { queued } = await invoke('inbox.markRead', { accountId: account.id, target });
  return queued ? `${account.realmName} is out of reach: marked read when it is back.` : undefined;
}

export async function setPolicy(
  account: Org,
  streamId: number,
  topic: string,
  policy: Policy,
): Promise<void> {
  const why = cannotSetPolicy(account);
  if (why) throw new Error(why);
  await invoke('inbox.setTopicPolicy', { accountId: account.id, streamId, topic, policy });
}

export async function muteChannel(account: Org, streamId: number, muted: boolean): Promise<void> {
  await invoke('inbox.muteChannel', { accountId: account.id, streamId, muted });
}

/** The topic's mute / follow state, for a menu to show what it would change. */
export function topicState(account: Org, streamId: number, topic: string): Promise<TopicStateWire> {
  return invoke('inbox.topicState', { accountId: account.id, streamId, topic });
}

/** Forgets a queued mark-read the server refused (the Inbox's Dismiss). */
export async function dismissPending(accountId: string, id: number): Promise<void> {
  await invoke('inbox.dismissPending', { accountId, id });
}

/**
 * Whether Perch shows this DM conversation's notifications: the chat API has no per-DM mute,
 * so it is Perch's own preference (docs/notifications.md "Muted direct messages").
 */
type Reader = Pick<AccountSummary, 'id' | 'userId'>;

export async function dmNotificationsMuted(account: Reader, userIds: number[]): Promise<boolean> {
  return isDmMuted(await invoke('prefs.get', {}), account.id, userIds, account.userId);
}

export async function muteDmNotifications(
  account: Reader,
  userIds: number[],
  muted: boolean,
): Promise<void> {
  const prefs = await invoke('prefs.get', {});
  await invoke('prefs.set', withDmMuted(prefs, account.id, userIds, account.userId, muted));
}
