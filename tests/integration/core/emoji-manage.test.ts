/**
 * Managing custom emoji through two Cores over real HTTP: a custom emoji added by one user
 * reaches another user's Core live, its image is served by the organization's server, and
 * removing it (or a refused add or removal) says what happened in words.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail } from '../server/messaging-client.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGUlEQVR4nGP8z8DwnwEJMCFzGBgYGEYVAAA3TwIB2uB4OwAAAABJRU5ErkJggg==',
  'base64',
);

interface Client {
  core: Core;
  accountId: string;
  pushed: string[];
}
type Listed = { name: string; source_url: string; deactivated: boolean; author_id: number | null };

describe('adding and removing custom emoji', () => {
  let server: StartedServer;
  const clients: Client[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.core.close()));
    await server.close();
  });

  async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  async function signIn(user: ServerUser): Promise<Client> {
    const core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-emoji-manage-')),
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    const pushed: string[] = [];
    core.subscribe((topic) => pushed.push(topic));
    const { id: accountId } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: user.email,
      apiKey: user.api_key,
      allowInsecure: true,
    });
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>(core, 'sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });
    const client = { core, accountId, pushed };
    clients.push(client);
    return client;
  }

  /** Hands the image over as the renderer does, then names it as an emoji. */
  async function add(c: Client, name: string, bytes = PNG, type = 'image/png') {
    const { uploadId } = await call<{ uploadId: string }>(c.core, 'uploads.begin', {
      accountId: c.accountId,
      name: 'picture.png',
      type,
      size: bytes.length,
    });
    await call(c.core, 'uploads.chunk', { uploadId, offset: 0, data: bytes.toString('base64') });
    return call(c.core, 'emoji.add', { uploadId, name });
  }
  const listed = (c: Client) => call<Listed[]>(c.core, 'emoji.realm', { accountId: c.accountId });

  it('an added emoji reaches another user live, with its author and its image', async () => {
    const member = byEmail(server, 'member');
    const adder = await signIn(member);
    const watcher = await signIn(byEmail(server, 'admin'));

    await add(adder, 'Team Lead');
    await expect.poll(() => watcher.pushed.includes('emoji.realmChanged')).toBe(true);
    const seen = (await listed(watcher)).find((e) => e.name === 'team_lead');
    expect(seen).toMatchObject({ deactivated: false, author_id: member.user_id });
    const image = await fetch(server.url + seen!.source_url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    await expect(add(adder, 'team_lead')).rejects.toThrow(
      'A custom emoji with this name already exists.',
    );
  });

  it('its author removes it; another member may not, and is told why', async () => {
    const author = await signIn(byEmail(server, 'member'));
    const other = await signIn(byEmail(server, 'guest'));
    await add(author, 'ship_it');

    await expect(
      call(other.core, 'emoji.remove', { accountId: other.accountId, name: 'ship_it' }),
    ).rejects.toThrow('Must be an organization administrator or emoji author');
    expect((await listed(author)).find((e) => e.name === 'ship_it')?.deactivated).toBe(false);

    other.pushed.length = 0;
    await call(author.core, 'emoji.remove', { accountId: author.accountId, name: 'ship_it' });
    await expect.poll(() => other.pushed.includes('emoji.realmChanged')).toBe(true);
    expect((await listed(other)).find((e) => e.name === 'ship_it')?.deactivated).toBe(true);
  });

  it('refuses, in words, those outside can_add_custom_emoji_group and bad names or images', async () => {
    const member = await signIn(byEmail(server, 'member'));
    server.ctx.state.realm.can_add_custom_emoji_group =
      server.ctx.state.systemGroup('role:administrators')!.id;
    await expect(add(member, 'mine')).rejects.toThrow('Insufficient permission');
    const admin = await signIn(byEmail(server, 'admin'));
    await expect(add(admin, 'done!')).rejects.toThrow(
      'Emoji names must contain only lowercase alphanumeric characters, dashes, and underscores.',
    );
    await expect(add(admin, 'fine', Buffer.from('<svg/>'), 'image/svg+xml')).rejects.toThrow(
      'Invalid image format',
    );
    expect((await listed(admin)).map((e) => e.name)).toEqual(['party_parrot', 'perch_logo']);
  });
});
