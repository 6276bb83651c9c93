/**
 * One account signed in through a hop that can cut its server off (docs/architecture.md,
 * "Writes"), for the tests of writes made while the server is out of reach: the Core, the
 * owner and another member, and what the server holds of a message.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { switchableServer, type SwitchableServer } from '../../../e2e/support/switchable-server.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';
import { untilAsync } from '../sync/harness.ts';

export interface Held {
  id: number;
  flags: string[];
  reactions: { emoji_name: string; user_id: number }[];
}

export class OfflineAccount {
  core!: Core;
  owner!: ServerUser;
  other!: ServerUser;
  accountId!: string;
  readonly keychain = new TestKeychain();

  private constructor(
    readonly server: StartedServer,
    readonly hop: SwitchableServer,
    readonly dataDir: string,
  ) {}

  /** Signed in and polling; `seen` hears of each request that passes the hop. */
  static async open(
    dirPrefix: string,
    seen?: (req: { method: string; path: string }) => void,
  ): Promise<OfflineAccount> {
    const server = await startServer({ rateLimit: false });
    const hop = await switchableServer(server.url, seen);
    const t = new OfflineAccount(server, hop, await mkdtemp(join(tmpdir(), dirPrefix)));
    t.core = await t.start();
    t.owner = byEmail(server, 'owner');
    t.other = server.users.find((u) => u.user_id !== t.owner.user_id && !u.email.includes('bot'))!;
    ({ id: t.accountId } = await t.call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: hop.url,
      email: t.owner.email,
      apiKey: t.owner.api_key,
      allowInsecure: true,
    }));
    await untilAsync(() => t.polling(), 'the account polling');
    return t;
  }

  /** A new Core on the same data folder and keychain, as Perch started again. */
  start(): Promise<Core> {
    return createCore({
      dataDir: this.dataDir,
      version: 't',
      transport: 'web',
      secrets: this.keychain,
    });
  }

  // Arrow properties, so a test can take them out of the object and call them on their own.
  readonly call = async <R>(channel: string, args: unknown = {}): Promise<R> => {
    const response = await this.core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  };

  /** The message as the server holds it, read as the owner. */
  readonly held = async (id: number): Promise<Held> => {
    const r = await ok(this.server, this.owner, 'GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [],
    });
    return (r.messages as Held[])[0]!;
  };

  readonly polling = async (): Promise<boolean> => {
    const status = await this.call<{ health: { state: string } }[]>('sync.status');
    return status[0]?.health.state === 'polling';
  };

  /** The hop goes down, and the account knows its server is out of reach. */
  readonly goOffline = async (): Promise<void> => {
    await this.hop.down();
    await untilAsync(async () => !(await this.polling()), 'the account out of reach');
  };

  /** A thumbs-up reaction, a star and a read mark on the message, in that order. */
  readonly reactStarAndRead = async (messageId: number): Promise<void> => {
    const accountId = this.accountId;
    await this.call('messages.react', {
      accountId,
      messageId,
      op: 'add',
      emojiName: 'thumbs_up',
      emojiCode: '1f44d',
      reactionType: 'unicode_emoji',
    });
    await this.call('messages.star', { accountId, messageId, starred: true });
    await this.call('messages.markRead', { accountId, messageIds: [messageId] });
  };

  /** Waits until the server holds the reaction, the star and the read mark on the message. */
  readonly untilAllHeld = (messageId: number): Promise<void> =>
    untilAsync(async () => {
      const m = await this.held(messageId);
      return m.flags.includes('read') && m.flags.includes('starred') && m.reactions.length > 0;
    }, 'the reaction, the star and the read mark on the server');

  async close(): Promise<void> {
    await this.core.close();
    await this.hop.close();
    await this.server.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
