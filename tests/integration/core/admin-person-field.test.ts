/**
 * Person fields through the Core over real HTTP: a custom profile field of type "Users" reaches
 * the person page as the people's names, not the ids the server stores.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../src/contract/contract.ts';
import { ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

describe('adminPeople.lookupUser and person fields', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });

  it('shows the people of a "Users" field by name', async () => {
    const owner = t.server.users.find((u) => u.role === 100 && !u.is_bot)!;
    const member = t.server.users.find((u) => u.role === 400 && !u.is_bot)!;
    const { id } = await ok(t.server, owner, 'POST', '/realm/profile_fields', {
      name: 'Mentor',
      field_type: 6,
    });
    t.server.state.users
      .get(member.user_id)!
      .profile_data.set(id as number, JSON.stringify([owner.user_id]));
    const accountId = await t.signIn(owner);
    const user = await t.call<Result<'adminPeople.lookupUser'>>('adminPeople.lookupUser', {
      accountId,
      userId: member.user_id,
    });
    const mentor = user.profile.find((f) => f.name === 'Mentor');
    expect(mentor?.value).toBe(owner.full_name);
    expect(mentor?.renderedHtml).toBeUndefined();
  });
});
