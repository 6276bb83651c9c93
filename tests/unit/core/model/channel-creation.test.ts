/**
 * Who may create channels, as register says at each feature level: the group settings
 * (FL 264 / 266), the user's own can_create_*_streams before them, and the policy enums on
 * the oldest servers; a guest never. The words name who may when the user may not.
 */
import { describe, expect, it } from 'vitest';
import { creationRulesFrom } from '../../../../src/core/model/channel-creation.ts';
import type { AccountRegister } from '../../../../src/core/model/state-types.ts';

const ME = 7;
const groups = [
  { id: 1, name: 'role:administrators', description: '', members: [1], direct_subgroup_ids: [] },
  { id: 2, name: 'role:members', description: '', members: [ME], direct_subgroup_ids: [1] },
  { id: 3, name: 'support', description: '', members: [9], direct_subgroup_ids: [] },
];

const register = (extra: Record<string, unknown>) =>
  ({ user_id: ME, role: 400, realm_user_groups: groups, ...extra }) as unknown as AccountRegister;

describe('channel creation rules', () => {
  it('reads the group settings and names the group that may when the user is not in it', () => {
    expect(
      creationRulesFrom(
        register({
          realm_can_create_public_channel_group: 2,
          realm_can_create_private_channel_group: 3,
        }),
      ),
    ).toEqual({
      publicAllowed: true,
      publicWho: 'members',
      privateAllowed: false,
      privateWho: 'members of support',
      webPublicOffered: false,
      webPublicAllowed: false,
      webPublicWho: 'administrators',
    });
  });

  it('an anonymous group setting counts its direct members', () => {
    const rules = creationRulesFrom(
      register({
        realm_can_create_public_channel_group: { direct_members: [ME], direct_subgroups: [] },
        realm_can_create_private_channel_group: { direct_members: [], direct_subgroups: [1] },
      }),
    );
    expect(rules).toMatchObject({ publicAllowed: true, privateAllowed: false });
    expect(rules.privateWho).toBe('members of particular groups');
  });

  it('before the group settings, the user-level flags decide and the policy enum names who', () => {
    expect(
      creationRulesFrom(
        register({
          can_create_public_streams: true,
          can_create_private_streams: false,
          realm_create_public_stream_policy: 1,
          realm_create_private_stream_policy: 2,
        }),
      ),
    ).toEqual({
      publicAllowed: true,
      publicWho: 'members',
      privateAllowed: false,
      privateWho: 'administrators',
      webPublicOffered: false,
      webPublicAllowed: false,
      webPublicWho: 'administrators',
    });
  });

  it('with only the policy enums, the role decides; a guest may never create', () => {
    const moderatorsOnly = {
      realm_create_public_stream_policy: 4,
      realm_create_private_stream_policy: 1,
    };
    expect(creationRulesFrom(register(moderatorsOnly))).toMatchObject({
      publicAllowed: false,
      publicWho: 'moderators and administrators',
      privateAllowed: true,
    });
    expect(creationRulesFrom(register({ ...moderatorsOnly, role: 300 }))).toMatchObject({
      publicAllowed: true,
    });
    expect(
      creationRulesFrom(register({ realm_can_create_public_channel_group: 2, role: 600 })),
    ).toMatchObject({ publicAllowed: false, privateAllowed: false });
  });

  it('offers web-public channels only where the server and organization allow spectators', () => {
    const spectators = {
      server_web_public_streams_enabled: true,
      realm_enable_spectator_access: true,
    };
    // Group setting (FL 280): the user is in role:members.
    expect(
      creationRulesFrom(register({ ...spectators, realm_can_create_web_public_channel_group: 2 })),
    ).toMatchObject({ webPublicOffered: true, webPublicAllowed: true, webPublicWho: 'members' });
    // The same setting with spectators off: not offered, so not allowed.
    expect(
      creationRulesFrom(
        register({
          server_web_public_streams_enabled: true,
          realm_enable_spectator_access: false,
          realm_can_create_web_public_channel_group: 2,
        }),
      ),
    ).toMatchObject({ webPublicOffered: false, webPublicAllowed: false });
    // The user-level flag before the group setting; the policy enum names who.
    expect(
      creationRulesFrom(
        register({
          ...spectators,
          can_create_web_public_streams: false,
          realm_create_web_public_stream_policy: 7,
        }),
      ),
    ).toMatchObject({ webPublicAllowed: false, webPublicWho: 'owners' });
    // Only the enum: moderators (300) may under policy 4, a member (400) may not.
    const policy = { ...spectators, realm_create_web_public_stream_policy: 4 };
    expect(creationRulesFrom(register(policy)).webPublicAllowed).toBe(false);
    expect(creationRulesFrom(register({ ...policy, role: 300 })).webPublicAllowed).toBe(true);
    // A guest never.
    expect(
      creationRulesFrom(
        register({ ...spectators, realm_can_create_web_public_channel_group: 2, role: 600 }),
      ).webPublicAllowed,
    ).toBe(false);
  });
});
