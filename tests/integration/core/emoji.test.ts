/**
 * Custom emoji through the Core over real HTTP: the organization's custom emoji reach the
 * renderer, and another user deactivating one pushes `emoji.realmChanged`.
 */
import { describe, expect, it } from 'vitest';
import { byEmail, ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

describe('emoji.realm and emoji.realmChanged', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const { call, pushed } = t;

  it('lists the custom emoji and says when someone deactivates one', async () => {
    const accountId = await t.signIn(byEmail(t.server, 'owner'), { listening: true });

    type Listed = { name: string; source_url: string; deactivated: boolean };
    const before = await call<Listed[]>('emoji.realm', { accountId });
    expect(before.map((e) => [e.name, e.deactivated])).toEqual([
      ['party_parrot', false],
      ['perch_logo', false],
    ]);
    expect(before[0]?.source_url).toMatch(/^\/user_avatars\//);

    await ok(t.server, byEmail(t.server, 'admin'), 'DELETE', '/realm/emoji/perch_logo');
    await expect
      .poll(() => pushed.filter((p) => p.topic === 'emoji.realmChanged'))
      .toEqual([{ topic: 'emoji.realmChanged', payload: { accountId } }]);
    const after = await call<Listed[]>('emoji.realm', { accountId });
    expect(after.find((e) => e.name === 'perch_logo')?.deactivated).toBe(true);
  });
});
