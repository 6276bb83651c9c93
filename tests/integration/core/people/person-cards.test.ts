/**
 * A person's card through the Core over real HTTP: the server's profile of that person,
 * named and placed from the viewer's side (is it me, may I administer them).
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/contract/contract.ts';
import { useCoreAndServer } from '../../support/core-server.ts';

type Card = Result<'people.card'>;

describe("a person's card", () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const humans = () => t.server.users.filter((u) => !u.is_bot);
  const member = () => humans().find((u) => u.role === 400)!;
  const admin = () => humans().find((u) => u.role <= 200)!;

  it("shows a member someone else's name and role, and no admin actions", async () => {
    const accountId = await t.signIn(member(), { listening: true });
    const card = await t.call<Card>('people.card', { accountId, userId: admin().user_id });
    expect(card).toMatchObject({
      userId: admin().user_id,
      name: admin().full_name,
      role: admin().role,
      isMe: false,
      viewerIsAdmin: false,
    });
  });

  it('shows an administrator their own card as theirs, with admin actions', async () => {
    const accountId = await t.signIn(admin(), { listening: true });
    const card = await t.call<Card>('people.card', { accountId, userId: admin().user_id });
    expect(card).toMatchObject({ isMe: true, viewerIsAdmin: true, name: admin().full_name });
  });

  it('lists the organization once the account has registered', async () => {
    const accountId = await t.signIn(member(), { listening: true });
    const { people } = await t.call<Result<'people.list'>>('people.list', { accountId });
    expect(people.map((p) => p.userId)).toContain(admin().user_id);
  });
});
