import { afterEach, beforeEach, expect, it } from 'vitest';
import { updateMessageFlags } from '../../../../src/api/routes/messages.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import {
  PerchUnderTest,
  ReferenceServer,
  apiClient,
  person,
  send,
  until,
} from '../../../integration/core/sync/harness.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../src/server/messages/limits.ts';
import { NO_PARTS } from '../../../../src/core/store/account-store.ts';

let clock: ManualClock;
let server: ReferenceServer;
let perch: PerchUnderTest;
let mel: ServerUser;
let ada: ServerUser;

beforeEach(async () => {
  clock = new ManualClock();
  server = await ReferenceServer.start(clock);
  mel = person(server.started, 'member');
  ada = person(server.started, 'admin');
  perch = new PerchUnderTest(server.url, [mel], clock);
});

afterEach(async () => {
  await perch.manager.close();
  await server.close();
});

const general = () =>
  [...server.started.state.channels.values()].find((c) => c.name === 'general')!.stream_id;

it('the summary of a watched account follows its queue, and each change is announced', async () => {
  const changed: string[] = [];
  // The store tells every view of unread counts; the Inbox's keeper stands for them here.
  perch.manager.attach({
    ...NO_PARTS,
    inbox: { ...NO_PARTS.inbox, unreadsChanged: (accountId) => changed.push(accountId) },
  });
  expect(perch.manager.unreadSummary(mel.email)).toBeUndefined();
  await perch.watch(mel);
  // The registration itself is a change: the sidebar learns the first counts.
  expect(changed).toContain(mel.email);
  const baseline = perch.manager.unreadSummary(mel.email)!.channels.get(general())?.unread ?? 0;

  const chat = await send(server.started, ada, clock, {
    type: 'stream',
    to: 'general',
    topic: 'standup',
    content: 'in 5',
  });
  const dm = await send(server.started, ada, clock, {
    type: 'direct',
    to: [mel.user_id],
    content: 'hey Mel',
  });
  await perch.decided(mel, [chat, dm]);
  const summary = perch.manager.unreadSummary(mel.email)!;
  expect(summary.channels.get(general())?.unread).toBe(baseline + 1);
  expect(summary.channels.get(general())?.topics.get('standup')?.unread).toBe(1);
  expect(summary.conversations).toContainEqual({
    userIds: [ada.user_id],
    names: [ada.full_name],
    unread: 1,
  });

  changed.length = 0;
  const melsClient = apiClient(server.url, mel, clock);
  try {
    await updateMessageFlags(melsClient, { messages: [chat], op: 'add', flag: 'read' });
  } finally {
    await melsClient.close();
  }
  await until(() => changed.includes(mel.email), 'the read to be announced');
  const after = perch.manager.unreadSummary(mel.email)!;
  expect(after.channels.get(general())?.topics.get('standup')).toBeUndefined();
  expect(after.emptyTopicName).toBe(server.started.state.realm.empty_topic_display_name);
  // What compose holds a message to: the server's own limit, from register.
  expect(after.maxMessageLength).toBe(MAX_MESSAGE_LENGTH);
});
