/**
 * The demo's message history: channel messages across topics and direct and group
 * direct messages, spread over the last month, then reactions, stars, edits, topic
 * moves, topic visibility policies and a read state that leaves recent messages unread.
 * Audiences are computed once per channel so that 100 000 messages build in seconds.
 */
import type { ServerContext } from '../context.ts';
import { editMessage } from '../messages/edit.ts';
import { FLAG_BITS } from '../messages/flags.ts';
import type { Messaging } from '../messages/service.ts';
import { UNICODE_CATALOG } from '../messages/emoji.ts';
import type { StoredMessage } from '../messages/types.ts';
import { ROLE, type UserRecord } from '../state/types.ts';
import { chatter } from './chatter.ts';
import type { DemoOrg } from './organization.ts';
import type { Random } from './random.ts';
import { REACTIONS, TOPICS } from './vocabulary.ts';

const SPAN_SECONDS = 30 * 86400;
/** Share of each user's newest messages left unread. */
const UNREAD_SHARE = 0.03;

export function generateHistory(
  ctx: ServerContext,
  m: Messaging,
  org: DemoOrg,
  rng: Random,
  count: number,
  now: number,
): void {
  const groupNames = [...ctx.state.userGroups.values()]
    .filter((g) => !g.is_system_group)
    .map((g) => g.name);
  const usersById = ctx.state.users;
  const publicOrSubscribed = org.channels.filter(
    (c) => (org.subscribers.get(c.stream_id) ?? []).length > 0,
  );
  const members = org.humans.filter((u) => u.role !== ROLE.guest);
  const step = SPAN_SECONDS / Math.max(count, 1);
  const sent: StoredMessage[] = [];

  for (let i = 0; i < count; i++) {
    const timestamp = Math.floor(now - SPAN_SECONDS + i * step);
    if (rng.chance(0.15)) {
      const sender = rng.pick(members);
      const others = rng.sample(
        org.humans.filter((u) => u !== sender),
        rng.chance(0.7) ? 1 : 2,
      );
      const content = chatter(rng, others, [], false);
      sent.push(m.send({ sender, dmUserIds: others.map((u) => u.user_id), content, timestamp }));
      continue;
    }
    const channel = rng.pick(publicOrSubscribed);
    const audience = org.subscribers.get(channel.stream_id) ?? [];
    const sender = usersById.get(rng.pick(audience)) as UserRecord;
    const topic = TOPICS[(channel.stream_id * 3 + rng.int(5)) % TOPICS.length] ?? 'chat';
    const content = chatter(rng, org.humans, groupNames, true);
    sent.push(m.send({ sender, streamId: channel.stream_id, topic, content, timestamp }, audience));
  }

  decorate(m, org, rng, sent);
  followAndMute(ctx, org, rng, now);
  const cutoff = Math.floor(m.store.maxId * (1 - UNREAD_SHARE));
  for (const u of org.humans) m.store.history(u.user_id).setBelow(cutoff, FLAG_BITS.read);
}

/** Reactions, stars, edits and moves on a sample of the history. */
function decorate(m: Messaging, org: DemoOrg, rng: Random, sent: StoredMessage[]): void {
  for (const message of sent) {
    const holders = message.dm_user_ids ?? org.subscribers.get(message.stream_id ?? 0) ?? [];
    if (rng.chance(0.12)) {
      for (const userId of rng.sample(holders, 1 + rng.int(3))) {
        const name = rng.pick(REACTIONS);
        const code = UNICODE_CATALOG.codeByName.get(name) ?? '1f44d';
        if (!message.reactions.some((r) => r.user_id === userId && r.emoji_code === code)) {
          message.reactions.push({
            emoji_name: name,
            emoji_code: code,
            reaction_type: 'unicode_emoji',
            user_id: userId,
          });
        }
      }
    }
    if (rng.chance(0.02)) {
      const userId = rng.pick(holders);
      m.store.history(userId).update(message.id, FLAG_BITS.starred, true);
    }
  }
  for (const message of rng.sample(sent, Math.ceil(sent.length / 50))) {
    const author = org.humans.find((u) => u.user_id === message.sender_id) ?? org.owner;
    editMessage(m, message, {
      editor: author,
      content: `${message.content} (edited)`,
      timestamp: message.timestamp + 60,
    });
  }
  const channelMessages = sent.filter((s) => s.stream_id !== null);
  for (const message of rng.sample(channelMessages, Math.ceil(channelMessages.length / 200))) {
    editMessage(m, message, {
      editor: org.owner,
      topic: `${message.topic} (moved)`,
      timestamp: message.timestamp + 120,
    });
  }
}

/** Followed, muted and unmuted topics for every human. */
function followAndMute(ctx: ServerContext, org: DemoOrg, rng: Random, now: number): void {
  for (const u of org.humans) {
    for (const channel of rng.sample(org.channels, 3)) {
      const sub = ctx.state.subscription(u.user_id, channel.stream_id);
      if (!sub) continue;
      // Unmuting only means something in a muted channel.
      const policy = sub.is_muted ? 2 : rng.pick([1, 3, 3]);
      ctx.state.setUserTopic({
        user_id: u.user_id,
        stream_id: channel.stream_id,
        topic_name: TOPICS[(channel.stream_id * 3 + rng.int(5)) % TOPICS.length] ?? 'chat',
        visibility_policy: policy,
        last_updated: now - rng.int(86400 * 10),
      });
    }
  }
}
