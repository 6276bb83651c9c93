import { describe, expect, it } from 'vitest';
import { adminKindsOf } from '../../../../src/core/admin/admin-events.ts';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';

const unknown = (payload: Record<string, unknown>): ServerEvent => ({
  id: 1,
  type: 'unknown',
  eventType: String(payload.type),
  payload,
});

describe('which admin lists a batch of queue events touches', () => {
  it('names each list once, whatever the number of events', () => {
    const kinds = adminKindsOf([
      unknown({ type: 'user_group', op: 'remove_members', group_id: 1, user_ids: [2] }),
      unknown({ type: 'user_group', op: 'remove_members', group_id: 3, user_ids: [2] }),
      unknown({ type: 'invites_changed' }),
      unknown({ type: 'stream', op: 'delete', stream_ids: [4] }),
    ]);
    expect(kinds.sort()).toEqual(['channels', 'groups', 'invites']);
  });

  it('counts subscription membership changes for the channel list, not colour changes', () => {
    const sub = (op: string) => ({ id: 1, type: 'subscription', op }) as unknown as ServerEvent;
    expect(adminKindsOf([sub('peer_add')])).toEqual(['channels']);
    expect(adminKindsOf([sub('peer_remove')])).toEqual(['channels']);
    expect(adminKindsOf([sub('update')])).toEqual([]);
  });

  it('a user’s change reaches People and Groups; messages reach no admin list', () => {
    const user = {
      id: 1,
      type: 'realm_user',
      op: 'update',
      person: { user_id: 5, is_active: false },
    } as unknown as ServerEvent;
    expect(adminKindsOf([user]).sort()).toEqual(['groups', 'people']);
    expect(adminKindsOf([unknown({ type: 'typing' }), unknown({ type: 'presence' })])).toEqual([]);
  });

  it('an organization setting’s change reaches the panels that show the realm', () => {
    const realm = unknown({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { can_invite_users_group: 2 },
    });
    expect(adminKindsOf([realm])).toEqual(['realm']);
  });
});
