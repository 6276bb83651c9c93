/**
 * Reactions, stars and read marks made offline outlive a restart (docs/architecture.md,
 * "Writes"): kept sealed with the account's drafts, each reaches the server exactly once
 * when it answers after the restart, and one whose message was deleted meanwhile is dropped
 * with a sentence in Activity.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, send } from '../../server/messaging-client.ts';
import { untilAsync } from '../sync/harness.ts';
import { OfflineAccount } from './offline-account.ts';

interface Status {
  health: { state: string };
  droppedWrite?: { text: string };
}

describe('writes made offline, across a restart', () => {
  let t: OfflineAccount;
  const seen: string[] = [];
  const status = async () => (await t.call<Status[]>('sync.status'))[0];
  const count = (pattern: RegExp) => seen.filter((r) => pattern.test(r)).length;

  beforeEach(async () => {
    seen.length = 0;
    t = await OfflineAccount.open('perch-offline-restart-', (r) =>
      seen.push(`${r.method} ${r.path}`),
    );
  });
  afterEach(() => t.close());

  it('sends each write kept before quitting exactly once when the server answers after a start', async () => {
    const { server, hop, owner, other, accountId, call, held, polling, dataDir } = t;
    const { goOffline, reactStarAndRead, untilAllHeld } = t;
    const kept = await send(server, other, [owner.user_id], 'Did the shipment arrive?');
    const doomed = await send(server, other, [owner.user_id], 'Ignore this one');
    await untilAsync(async () => (await held(kept)).flags.includes('read') === false, 'unread');
    await goOffline();
    await reactStarAndRead(kept);
    await call('messages.star', { accountId, messageId: doomed, starred: true });
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toHaveLength(4);

    // Quit while offline; what waits is sealed on disk, not in clear.
    await t.core.close();
    for (const name of await readdir(join(dataDir, 'drafts')))
      expect(await readFile(join(dataDir, 'drafts', name), 'latin1')).not.toContain('thumbs_up');
    // The other message is deleted meanwhile.
    await ok(server, other, 'DELETE', `/messages/${doomed}`);
    t.core = await t.start();
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toHaveLength(4);
    seen.length = 0;

    await hop.up();
    await call('sync.reconnect');
    await untilAllHeld(kept);
    await untilAsync(
      async () => (await call<unknown[]>('messages.queuedWrites', { accountId })).length === 0,
      'the queue empty',
    );
    expect((await status())?.droppedWrite?.text).toBe(
      'Your star, made while the server could not be reached, was dropped: the message was deleted meanwhile.',
    );
    // Another registration and another start make none of them again.
    await call('sync.reconnect');
    await untilAsync(polling, 'polling again');
    await t.core.close();
    t.core = await t.start();
    await untilAsync(polling, 'polling after a second start');
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toEqual([]);
    expect(count(/^POST \/api\/v1\/messages\/\d+\/reactions/)).toBe(1);
    // The star, the read mark and the refused star of the deleted message.
    expect(count(/^POST \/api\/v1\/messages\/flags$/)).toBe(3);
    const now = await held(kept);
    expect(now.reactions.filter((r) => r.user_id === owner.user_id)).toHaveLength(1);
  });
});
