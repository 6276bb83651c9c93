/**
 * Rules the organization changes after sign-in are followed. An administrator changes the
 * message edit settings over PATCH /realm; the member's queue, registered with Perch's own
 * register parameters, brings the events, and the Core's live rules refuse or allow from then
 * on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LiveEditRules } from '../../../../src/core/model/edit-rules.ts';
import { PERCH_REGISTER_PARAMS } from '../../../../src/core/sync/register-params.ts';
import type { AccountRegister } from '../../../../src/core/model/state-types.ts';
import { refusal } from '../../../../src/lib/message-permissions.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, call, ok, pending } from '../../server/messaging-client.ts';
import { useCoreAndServer } from '../../support/core-server.ts';
import type { Sidebar } from '../../../../src/contract/schemas/messages.ts';

let server: StartedServer;

async function signedIn(local: string) {
  const user = byEmail(server, local);
  const register = await ok(server, user, 'POST', '/register', {
    event_types: PERCH_REGISTER_PARAMS.event_types,
    fetch_event_types: PERCH_REGISTER_PARAMS.fetch_event_types,
  });
  const live = new LiveEditRules(register as unknown as AccountRegister);
  return {
    user,
    live,
    /** Applies whatever the queue holds now; true when some rule changed. */
    async catchUp(): Promise<boolean> {
      let changed = false;
      for (const e of await pending(server, user, register.queue_id))
        changed = live.follow(e) || changed;
      return changed;
    },
  };
}

const own = (userId: number) => ({ sender_id: userId, timestamp: 1_000, type: 'stream' });

describe('the Core’s edit rules after sign-in', () => {
  afterEach(async () => {
    await server.close();
  });

  it('follow an administrator turning editing off and lengthening the edit limit', async () => {
    server = await startServer({ rateLimit: false });
    const member = await signedIn('member');
    const id = member.user.user_id;
    expect(refusal(member.live.rules, 'edit', own(id), id, 1_100)).toBeUndefined();

    await ok(server, byEmail(server, 'admin'), 'PATCH', '/realm', {
      allow_message_editing: false,
    });
    expect(await member.catchUp()).toBe(true);
    expect(refusal(member.live.rules, 'edit', own(id), id, 1_100)).toBe(
      'This organization has turned off message editing.',
    );

    await ok(server, byEmail(server, 'admin'), 'PATCH', '/realm', {
      allow_message_editing: true,
      message_content_edit_limit_seconds: 'unlimited',
    });
    await member.catchUp();
    expect(refusal(member.live.rules, 'edit', own(id), id, 1_000_000)).toBeUndefined();
  });

  it('follow a move permission narrowed to administrators, and the member’s promotion', async () => {
    server = await startServer({ rateLimit: false });
    const member = await signedIn('member');
    const admins = server.state.systemGroup('role:administrators')?.id;
    await ok(server, byEmail(server, 'owner'), 'PATCH', '/realm', {
      can_move_messages_between_topics_group: { new: admins },
    });
    await member.catchUp();
    expect(member.live.rules.canMoveTopics).toBe(false);

    await ok(server, byEmail(server, 'owner'), 'PATCH', `/users/${member.user.user_id}`, {
      role: 200,
    });
    await member.catchUp();
    expect(member.live.rules).toMatchObject({ canMoveTopics: true, exemptFromMoveLimits: true });
  });

  it('are the server’s to change only for administrators, and unchanged by a no-op', async () => {
    server = await startServer({ rateLimit: false });
    const member = await signedIn('member2');
    const refused = await call(server, byEmail(server, 'member'), 'PATCH', '/realm', {
      allow_message_editing: false,
    });
    expect(refused.body.result).toBe('error');
    await ok(server, byEmail(server, 'admin'), 'PATCH', '/realm', {
      allow_message_editing: true,
    });
    expect(await member.catchUp()).toBe(false);
    expect(member.live.rules.allowEditing).toBe(true);
  });
});

describe('the Core telling the window the rules changed', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });

  it('pushes messages.rulesChanged and serves the new rules with the sidebar', async () => {
    const accountId = await t.signIn(byEmail(t.server, 'member'), { listening: true });
    const before = await t.call<Sidebar>('messages.sidebar', { accountId });
    expect(before.editRules.allowEditing).toBe(true);

    await ok(t.server, byEmail(t.server, 'admin'), 'PATCH', '/realm', {
      allow_message_editing: false,
    });
    await expect
      .poll(() => t.pushed.filter((p) => p.topic === 'messages.rulesChanged'))
      .toEqual([{ topic: 'messages.rulesChanged', payload: { accountId } }]);
    const after = await t.call<Sidebar>('messages.sidebar', { accountId });
    expect(after.editRules.allowEditing).toBe(false);
  });
});
