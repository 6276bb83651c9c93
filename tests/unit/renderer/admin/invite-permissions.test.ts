/**
 * Who may invite: the choices offered for each setting, what a non-owner and an older server
 * are told, and one control's pick, save and refusal without a window.
 */
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { GroupInfo } from '../../../../src/contract/schemas/admin-people.ts';
import { RpcError } from '../../../../src/contract/errors.ts';
import {
  INVITE_PERMISSIONS,
  choiceKey,
  inviteChoices,
  mayChange,
  refusalSentence,
  tooOldFor,
} from '../../../../src/renderer/views/admin/rules/invite-permissions.ts';
import {
  InvitePermissionEdit,
  type SettingChange,
} from '../../../../src/renderer/views/admin/invites/invite-permission.svelte.ts';

const group = (id: number, name: string, extra: Partial<GroupInfo> = {}): GroupInfo => ({
  id,
  name,
  description: '',
  members: [],
  subgroups: [],
  deactivated: false,
  isSystemGroup: name.startsWith('role:'),
  creatorId: null,
  ...extra,
});

const GROUPS = [
  group(1, 'role:owners'),
  group(2, 'role:administrators'),
  group(3, 'role:moderators'),
  group(4, 'role:fullmembers'),
  group(5, 'role:members'),
  group(6, 'role:everyone'),
  group(7, 'role:internet'),
  group(8, 'role:nobody'),
  group(9, 'Design'),
];
const names: Record<number, string> = { 11: 'Ada Owner', 12: 'Mel Member' };
const personName = (id: number) => names[id] ?? `user ${id}`;
const [EMAIL, LINKS] = INVITE_PERMISSIONS as [
  (typeof INVITE_PERMISSIONS)[number],
  (typeof INVITE_PERMISSIONS)[number],
];

describe('inviteChoices', () => {
  it('offers administrators, moderators, full members and members, narrowest first, by name', () => {
    expect(inviteChoices(5, GROUPS, personName)).toEqual([
      { key: 'group:2', label: 'Administrators and owners', value: 2 },
      { key: 'group:3', label: 'Moderators and above', value: 3 },
      { key: 'group:4', label: 'Full members and above', value: 4 },
      { key: 'group:5', label: 'Members and above', value: 5 },
    ]);
  });

  it('keeps a current value it does not offer, named, so the select shows what holds', () => {
    expect(inviteChoices(8, GROUPS, personName).at(-1)).toEqual({
      key: 'group:8',
      label: 'Nobody',
      value: 8,
      kept: true,
    });
    expect(inviteChoices(9, GROUPS, personName).at(-1)?.label).toBe('Members of Design');
    const anonymous = { direct_members: [12], direct_subgroups: [3] };
    expect(inviteChoices(anonymous, GROUPS, personName).at(-1)).toEqual({
      key: 'custom',
      label: 'Mel Member, Moderators and above (custom)',
      value: anonymous,
      kept: true,
    });
    expect(choiceKey(anonymous)).toBe('custom');
    expect(inviteChoices(anonymous, GROUPS, personName)).toHaveLength(5);
  });

  it('never offers everyone or the internet, which the server refuses here', () => {
    const labels = inviteChoices(2, GROUPS, personName).map((c) => c.label);
    expect(labels.join(' ')).not.toMatch(/guests|internet/);
  });

  it('leaves out a role group the server did not list', () => {
    const without = GROUPS.filter((g) => g.name !== 'role:fullmembers');
    expect(inviteChoices(2, without, personName).map((c) => c.value)).toEqual([2, 3, 5]);
  });
});

describe('who may change it, and what an older server lacks', () => {
  it('lets only owners change the settings', () => {
    expect(mayChange(100)).toBe(true);
    expect(mayChange(200)).toBe(false);
  });

  it('says in releases what the server needs, per setting', () => {
    expect(tooOldFor(EMAIL, 320)?.sentence).toBe(
      'This server is too old for Perch to change who can send email invitations; it needs Zulip 10.0 or later.',
    );
    expect(tooOldFor(EMAIL, 321)).toBeUndefined();
    expect(tooOldFor(LINKS, 208)?.sentence).toBe(
      'This server is too old for Perch to change who can create reusable invitation links; it needs Zulip 8.0 or later.',
    );
    expect(tooOldFor(LINKS, 209)).toBeUndefined();
  });

  it('explains a stale value in words, and leaves other refusals to the general sentences', () => {
    const stale = new RpcError({
      code: 'FAILED',
      apiCode: 'BAD_REQUEST',
      message: "'old' value allowed by the server is not matching: can_invite_users_group",
    });
    expect(refusalSentence(stale)).toContain('Someone changed this setting');
    const owner = new RpcError({
      code: 'FAILED',
      apiCode: 'UNAUTHORIZED_PRINCIPAL',
      message: 'Must be an organization owner',
    });
    expect(refusalSentence(owner)).toBeUndefined();
    expect(refusalSentence(undefined)).toBeUndefined();
  });
});

describe('InvitePermissionEdit', () => {
  function control(answer: (s: SettingChange) => Promise<{ ignoredParameters: string[] }>) {
    const sent: SettingChange[] = [];
    let reloads = 0;
    const edit = new InvitePermissionEdit(
      'can_invite_users_group',
      (s) => {
        sent.push(s);
        return answer(s);
      },
      async () => {
        reloads += 1;
      },
    );
    return { edit, sent, reloads: () => reloads };
  }
  const choices = inviteChoices(5, GROUPS, personName);

  it('sends the pick with the value it was picked over, and says Saved', async () => {
    const { edit, sent, reloads } = control(async () => ({ ignoredParameters: [] }));
    expect(edit.changed(5)).toBe(false);
    edit.pick('group:3', 5);
    edit.pick('group:2', 5);
    flushSync();
    expect(edit.shown(5)).toBe('group:2');
    expect(edit.changed(5)).toBe(true);
    await edit.apply(choices);
    expect(sent).toEqual([{ can_invite_users_group: { new: 2, old: 5 } }]);
    expect(edit.saved).toBe('Saved.');
    expect(reloads()).toBe(1);
    // After the reload the select shows the server's value, now the new one.
    expect(edit.shown(2)).toBe('group:2');
    expect(edit.changed(2)).toBe(false);
  });

  it('picking the server’s value again is no change', () => {
    const { edit } = control(async () => ({ ignoredParameters: [] }));
    edit.pick('group:2', 5);
    edit.pick('group:5', 5);
    expect(edit.changed(5)).toBe(false);
  });

  it('goes back to the server’s value when the server refuses, with the refusal kept', async () => {
    const refused = new RpcError({
      code: 'FAILED',
      apiCode: 'UNAUTHORIZED_PRINCIPAL',
      message: 'Must be an organization owner',
    });
    const { edit, reloads } = control(() => Promise.reject(refused));
    edit.pick('group:2', 5);
    await edit.apply(choices);
    expect(edit.save.error).toBe(refused);
    expect(edit.saved).toBeUndefined();
    expect(edit.shown(5)).toBe('group:5');
    expect(reloads()).toBe(1);
    // A new pick clears the old answer.
    edit.pick('group:3', 5);
    expect(edit.save.error).toBeUndefined();
  });

  it('keeps the value first seen as `old` when the server’s value changed under the pick', async () => {
    const { edit, sent } = control(async () => ({ ignoredParameters: [] }));
    edit.pick('group:3', 5);
    // Another owner set Full members meanwhile; the panel reloaded under the pick.
    edit.pick('group:2', 4);
    await edit.apply(inviteChoices(4, GROUPS, personName));
    expect(sent[0]).toEqual({ can_invite_users_group: { new: 2, old: 5 } });
  });
});
