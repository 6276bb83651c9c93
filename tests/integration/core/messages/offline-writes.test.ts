/**
 * Reactions, stars and read marks made while the server cannot be reached (docs/architecture.md,
 * "Writes"): none is refused, none is made while out of reach, and each reaches the server
 * exactly once when it answers again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { send } from '../../server/messaging-client.ts';
import { untilAsync } from '../sync/harness.ts';
import { OfflineAccount } from './offline-account.ts';

describe('writes made while the server is out of reach', () => {
  let t: OfflineAccount;

  beforeEach(async () => {
    t = await OfflineAccount.open('perch-offline-writes-');
  });
  afterEach(() => t.close());

  it('a reaction, a star and a read mark made offline each reach the server once when it answers', async () => {
    const { server, hop, owner, other, call, held, polling } = t;
    const { goOffline, reactStarAndRead, untilAllHeld } = t;
    const id = await send(server, other, [owner.user_id], 'Did the shipment arrive?');
    await untilAsync(async () => (await held(id)).flags.includes('read') === false, 'unread');
    await goOffline();
    await reactStarAndRead(id);
    // Nothing reached the server while it was out of reach.
    let now = await held(id);
    expect(now.reactions).toEqual([]);
    expect(now.flags).not.toContain('starred');
    expect(now.flags).not.toContain('read');

    await hop.up();
    await call('sync.reconnect', {});
    await untilAllHeld(id);
    // A later registration makes none of them again.
    await call('sync.reconnect', {});
    await untilAsync(polling, 'polling again');
    now = await held(id);
    expect(now.reactions.filter((r) => r.user_id === owner.user_id)).toHaveLength(1);
    expect(now.reactions[0]?.emoji_name).toBe('thumbs_up');
  });
});
