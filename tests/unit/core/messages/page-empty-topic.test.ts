import { afterEach, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { fetchPage } from '../../../../src/core/messages/page.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { messaging } from '../../../../src/server/messages/service.ts';
import type { UserRecord } from '../../../../src/server/state/types.ts';

let server: StartedServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

/** A server at `featureLevel` with one message in #general, topic `topic`; the owner's window on it. */
async function windowOn(featureLevel: number, topic: string) {
  server = await startServer({ featureLevel });
  const owner = server.users.find((u) => u.role === 100)!;
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  messaging(server.ctx).send({
    sender: server.state.users.get(owner.user_id) as UserRecord,
    streamId: general.stream_id,
    topic,
    content: 'hello',
  });
  client = new ApiClient({ realmUrl: server.url, email: owner.email, apiKey: owner.api_key });
  return fetchPage(client, {
    accountId: 'a',
    narrow: [],
    anchor: 'newest',
    numBefore: 1,
    numAfter: 0,
  });
}

it('the empty topic comes back as "" so a reply can go to it, not as its display name', async () => {
  const page = await windowOn(334, '');
  expect(page.messages.map((m) => m.subject)).toEqual(['']);
});

it('a server older than empty topics is not asked for them and still answers', async () => {
  const page = await windowOn(333, 'deploy');
  expect(page.messages.map((m) => m.subject)).toEqual(['deploy']);
});
