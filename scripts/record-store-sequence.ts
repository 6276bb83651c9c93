/**
 * Records what one account's store is handed in a session with a re-register in the middle,
 * from the reference server over loopback: the first registration, two batches of events,
 * the second registration with the messages a gap fill found, and a last batch. The store's
 * unit test (tests/unit/core/store/) replays it. Run again when the wire format changes:
 *   npx tsx scripts/record-store-sequence.ts > tests/fixtures/recorded/store-sequence.json
 *   npx prettier --write tests/fixtures/recorded/store-sequence.json
 */
import { ApiClient } from '../src/api/client.ts';
import { deleteQueue, getEvents, register } from '../src/api/routes/events.ts';
import {
  deleteMessage,
  sendMessage,
  updateMessage,
  updateMessageFlags,
  type SendMessageParams,
} from '../src/api/routes/messages.ts';
import { updateSettings } from '../src/api/routes/settings.ts';
import { updateSubscriptionProperties } from '../src/api/routes/subscriptions.ts';
import { updateUserTopic } from '../src/api/routes/user-topics.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { PERCH_REGISTER_PARAMS } from '../src/core/sync/register-params.ts';
import { fetchMissedMessages } from '../src/core/sync/gap-fill.ts';
import { startServer, type ServerUser } from '../src/server/index.ts';

const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
const server = await startServer({ clock, rateLimit: false });
const user = (local: string): ServerUser => {
  const found = server.users.find((u) => u.email === `${local}@perch.test`);
  if (!found) throw new Error(`no user ${local}`);
  return found;
};
const clientOf = (u: ServerUser) =>
  new ApiClient({ realmUrl: server.url, email: u.email, apiKey: u.api_key, clock });
const mel = clientOf(user('member'));
const ada = clientOf(user('admin'));
const melElsewhere = clientOf(user('member'));
const general = [...server.state.channels.values()].find((c) => c.name === 'general')!.stream_id;
const melId = user('member').user_id;

const send = async (params: SendMessageParams) => (await sendMessage(ada, params)).data.id;
async function drain(queueId: string, after: number) {
  const { data } = await getEvents(mel, {
    queue_id: queueId,
    last_event_id: after,
    dont_block: true,
  });
  return data.events;
}

try {
  const first = (await register(mel, PERCH_REGISTER_PARAMS)).data;
  const q1 = first.queue_id!;
  // Batch 1: a channel message and a DM; the channel message read on another device, then
  // edited; a topic muted, and a message in it.
  const standup = await send({ type: 'stream', to: general, topic: 'standup', content: 'in 5' });
  const dm = await send({ type: 'direct', to: [melId], content: 'hey Mel' });
  await updateMessageFlags(melElsewhere, { messages: [standup], op: 'add', flag: 'read' });
  await updateMessage(ada, standup, { content: 'in 10' });
  await updateUserTopic(melElsewhere, { stream_id: general, topic: 'noise', visibility_policy: 1 });
  await send({ type: 'stream', to: general, topic: 'noise', content: 'quiet please' });
  const batch1 = await drain(q1, first.last_event_id ?? -1);

  // The queue is lost: messages arrive meanwhile, one of them read elsewhere.
  await deleteQueue(mel, q1);
  const missedRead = await send({ type: 'direct', to: [melId], content: 'while you were away' });
  await send({ type: 'stream', to: general, topic: 'standup', content: 'done' });
  await updateMessageFlags(melElsewhere, { messages: [missedRead], op: 'add', flag: 'read' });
  const newestKnown = Math.max(
    first.max_message_id ?? -1,
    ...batch1.flatMap((e) => (e.type === 'message' ? [e.message.id] : [])),
  );
  const second = (await register(mel, PERCH_REGISTER_PARAMS)).data;
  const missed = await fetchMissedMessages(mel, newestKnown);
  const q2 = second.queue_id!;

  // Batch 2: the DM deleted, a setting changed, the channel muted, a last DM.
  await deleteMessage(ada, dm);
  await updateSettings(melElsewhere, { desktop_icon_count_display: 3 });
  await updateSubscriptionProperties(melElsewhere, [
    { stream_id: general, property: 'is_muted', value: true },
  ]);
  await send({ type: 'direct', to: [melId], content: 'last one' });
  const batch2 = await drain(q2, second.last_event_id ?? -1);

  process.stdout.write(
    `${JSON.stringify({ first, batch1, second, missed, batch2, general, melId }, null, 1)}\n`,
  );
} finally {
  await Promise.all([mel.close(), ada.close(), melElsewhere.close()]);
  await server.close();
}
