/**
 * Drafts kept on the server (get-drafts, create-drafts, edit-draft, delete-draft) through
 * Perch's API bindings over real HTTP: each user's own, each change an event to that user's
 * other clients, refusals in upstream's words and nothing half-applied.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import {
  createDrafts,
  deleteDraft,
  editDraft,
  getDrafts,
  type DraftFields,
} from '../../../src/api/routes/drafts.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byRole, watch } from './admin-client.ts';
import { ok } from './messaging-client.ts';

let server: StartedServer;
const clients: ApiClient[] = [];
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => server.close());

function clientOf(user: ServerUser): ApiClient {
  const client = new ApiClient({ realmUrl: server.url, email: user.email, apiKey: user.api_key });
  clients.push(client);
  return client;
}
const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;

describe('drafts on the server', () => {
  it('creates, lists, edits and deletes one user’s drafts, with events to that user only', async () => {
    const [member, other] = [byRole(server, 400), byRole(server, 400, 1)];
    const mine = await watch(server, member, ['drafts']);
    const theirs = await watch(server, other, ['drafts']);
    const client = clientOf(member);
    const toChannel: DraftFields = {
      type: 'stream',
      to: [general().stream_id],
      topic: 'plans',
      content: 'Ship on Monday',
    };
    const toPerson: DraftFields = {
      type: 'private',
      to: [other.user_id],
      topic: '',
      content: 'Lunch?',
    };
    const { ids } = (await createDrafts(client, [toChannel, toPerson])).data;
    expect(ids).toHaveLength(2);
    expect((await getDrafts(client)).data.drafts).toMatchObject([
      { id: ids[0], ...toChannel },
      { id: ids[1], ...toPerson },
    ]);
    expect((await getDrafts(clientOf(other))).data.drafts).toEqual([]);

    await editDraft(client, ids[0]!, { ...toChannel, content: 'Ship on Tuesday' });
    await deleteDraft(client, ids[1]!);
    expect((await getDrafts(client)).data.drafts).toMatchObject([
      { id: ids[0], content: 'Ship on Tuesday' },
    ]);
    expect((await mine.events()).map((e) => e.op)).toEqual(['add', 'update', 'remove']);
    expect(await theirs.events()).toEqual([]);
  });

  it('refuses in words: a bad draft (keeping none), another’s draft, sync turned off', async () => {
    const [member, other] = [byRole(server, 400), byRole(server, 400, 1)];
    const client = clientOf(member);
    const before = (await getDrafts(client)).data.drafts.length;
    const good: DraftFields = {
      type: 'stream',
      to: [general().stream_id],
      topic: 't',
      content: 'a',
    };
    await expect(
      createDrafts(client, [good, { ...good, to: [general().stream_id, 999] }]),
    ).rejects.toMatchObject({ msg: 'Must specify exactly 1 channel ID for channel messages' });
    expect((await getDrafts(client)).data.drafts).toHaveLength(before);

    const { ids } = (await createDrafts(clientOf(other), [good])).data;
    await expect(deleteDraft(client, ids[0]!)).rejects.toMatchObject({
      msg: 'Draft does not exist',
      status: 404,
    });

    // Turning it off deletes what the server kept, and refuses new drafts.
    await createDrafts(client, [good]);
    expect((await getDrafts(client)).data.drafts.length).toBeGreaterThan(0);
    await ok(server, member, 'PATCH', '/settings', { enable_drafts_synchronization: false });
    expect((await getDrafts(client)).data.drafts).toEqual([]);
    await expect(createDrafts(client, [good])).rejects.toMatchObject({
      msg: 'User has disabled synchronizing drafts.',
    });
  });
});
