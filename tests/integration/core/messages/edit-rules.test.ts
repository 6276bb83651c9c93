import { afterEach, describe, expect, it } from 'vitest';
import { editRulesFrom } from '../../../../src/core/model/edit-rules.ts';
import type { AccountRegister } from '../../../../src/core/model/state-types.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

async function rulesOf(local: string) {
  const register = await ok(server, byEmail(server, local), 'POST', '/register', {
    fetch_event_types: ['realm', 'realm_user_groups', 'realm_user'],
  });
  return editRulesFrom(register as unknown as AccountRegister);
}

describe('the organization’s edit rules as the Core reads them from register', () => {
  it('gives members their own deletes and administrators everyone’s', async () => {
    server = await startServer({ rateLimit: false });
    expect(await rulesOf('member')).toMatchObject({
      allowEditing: true,
      editLimitSeconds: 600,
      canDeleteOwn: true,
      canDeleteAny: false,
      canMoveChannels: true,
      exemptFromMoveLimits: false,
    });
    expect(await rulesOf('admin')).toMatchObject({
      canDeleteAny: true,
      exemptFromMoveLimits: true,
    });
  });

  it('follows a channel-move permission narrowed to administrators', async () => {
    server = await startServer({ rateLimit: false });
    server.state.realm.message_edit.can_move_messages_between_channels_group =
      server.state.systemGroup('role:administrators')?.id ?? 0;
    expect((await rulesOf('member')).canMoveChannels).toBe(false);
    expect((await rulesOf('owner')).canMoveChannels).toBe(true);
  });
});
