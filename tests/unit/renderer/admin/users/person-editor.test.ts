/**
 * An administrator's edits of one person without a DOM: the name rule said before sending,
 * the server's refusal kept, only changed fields sent, and an edit underneath that keeps
 * what the administrator typed.
 */
import { describe, expect, test } from 'vitest';
import type { ProfileForm } from '../../../../../src/contract/schemas/admin-people.ts';
import {
  NameEditor,
  ProfileEditor,
  nameProblem,
} from '../../../../../src/renderer/views/admin/users/person-editor.svelte.ts';
import { UsersModel } from '../../../../../src/renderer/views/admin/users/users-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

const field = (id: number, name: string, value: string, fieldType = 1) => ({
  id,
  name,
  hint: '',
  fieldType,
  choices: [],
  value,
  people: [],
});

describe('NameEditor', () => {
  test('says the rule it breaks and sends nothing', async () => {
    const core = new RecordingAdminCore();
    const editor = new NameEditor(new UsersModel(core.console()), 7, 'Mel Member');
    editor.draft = 'Mel @ work';
    expect(editor.problem).toBe('A name cannot hold * ` \\ > " or @.');
    expect(await editor.save()).toBe(false);
    expect(core.calls).toEqual([]);
    expect(nameProblem('x')).toBe('A name has at least 2 characters.');
  });

  test('renames, and keeps the server’s refusal for the page to say', async () => {
    const core = new RecordingAdminCore().answer('adminPeople.rename', {});
    const editor = new NameEditor(new UsersModel(core.console()), 7, 'Mel Member');
    editor.draft = '  Mel Renamed ';
    expect(await editor.save()).toBe(true);
    expect(core.calls[0]).toEqual({
      channel: 'adminPeople.rename',
      args: { accountId: ACCOUNT, userId: 7, fullName: 'Mel Renamed' },
    });
    expect(editor.done).toBe('Mel Member is now called Mel Renamed.');

    const denied = refusal('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    core.answer('adminPeople.rename', denied);
    editor.draft = 'Mel Again';
    expect(await editor.save()).toBe(false);
    expect(editor.action.error).toBe(denied);
    expect(editor.current).toBe('Mel Renamed');
  });

  test('follows a rename elsewhere unless the administrator is typing', () => {
    const editor = new NameEditor(new UsersModel(new RecordingAdminCore().console()), 7, 'Mel');
    editor.follow('Mel B');
    expect(editor.draft).toBe('Mel B');
    editor.draft = 'Mel C';
    editor.follow('Mel D');
    expect(editor.draft).toBe('Mel C');
    expect(editor.movedUnder).toContain('the name is now Mel D');
  });
});

describe('ProfileEditor', () => {
  test('sends only the changed fields, an emptied one as null', async () => {
    let form: ProfileForm = {
      fields: [field(1, 'Office', 'Lisbon'), field(2, 'Desk', 'B-12'), field(3, 'Team', '')],
    };
    const core = new RecordingAdminCore()
      .answer('adminPeople.profileForm', () => form)
      .answer('adminPeople.setProfileFields', {});
    const editor = new ProfileEditor(new UsersModel(core.console()), 7);
    await editor.load();
    editor.drafts[2]!.text = '';
    editor.drafts[3]!.text = 'Platform';
    form = {
      fields: [field(1, 'Office', 'Lisbon'), field(2, 'Desk', ''), field(3, 'Team', 'Platform')],
    };
    expect(await editor.save('Mel Member')).toBe(true);
    expect(core.calls.find((c) => c.channel === 'adminPeople.setProfileFields')?.args).toEqual({
      accountId: ACCOUNT,
      userId: 7,
      values: [
        { id: 2, value: null },
        { id: 3, value: 'Platform' },
      ],
    });
    expect(editor.done).toBe('Saved Desk, Team for Mel Member.');
    expect(editor.changed).toEqual([]);
  });

  test('a reload keeps what the administrator typed and says what moved under it', async () => {
    let form: ProfileForm = { fields: [field(1, 'Office', 'Lisbon'), field(2, 'Desk', 'B-12')] };
    const core = new RecordingAdminCore().answer('adminPeople.profileForm', () => form);
    const editor = new ProfileEditor(new UsersModel(core.console()), 7);
    await editor.load();
    editor.drafts[1]!.text = 'Porto';
    form = { fields: [field(1, 'Office', 'Faro'), field(2, 'Desk', 'C-3')] };
    await editor.load();
    expect(editor.drafts[1]?.text).toBe('Porto');
    expect(editor.drafts[2]?.text).toBe('C-3');
    expect(editor.movedUnder).toContain('Office');
  });
});

test('the echo of one’s own save is no change underneath', async () => {
  let form: ProfileForm = { fields: [field(1, 'Office', 'Lisbon')] };
  const core = new RecordingAdminCore().answer('adminPeople.profileForm', () => form);
  const editor = new ProfileEditor(new UsersModel(core.console()), 7);
  await editor.load();
  editor.drafts[1]!.text = 'Porto';
  // The server's event arrives (and reloads) before the save's own answer.
  form = { fields: [field(1, 'Office', 'Porto')] };
  await editor.load();
  expect(editor.movedUnder).toBeUndefined();
  expect(editor.changed).toEqual([]);
});
