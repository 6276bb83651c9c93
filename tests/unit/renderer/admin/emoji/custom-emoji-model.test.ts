/** The Custom emoji panel without a DOM: who added each emoji, and what removing one says. */
import { expect, test } from 'vitest';
import { CustomEmojiModel } from '../../../../../src/renderer/views/admin/emoji/custom-emoji-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

test('removing (once confirmed) says so; a refusal shows instead', async () => {
  const core = new RecordingAdminCore().answer('emoji.remove', {});
  const model = new CustomEmojiModel(core.console());

  await model.removeOne('party_parrot');
  expect(model.done).toBe('Removed :party_parrot:.');
  expect(core.callsTo('emoji.remove')).toEqual([{ accountId: ACCOUNT, name: 'party_parrot' }]);

  const denied = refusal('Must be an organization administrator or emoji author');
  core.answer('emoji.remove', denied);
  await model.removeOne('octopus');
  expect(model.done).toBeUndefined();
  expect(model.remove.error).toBe(denied);
});

test('authors are named from the users list; without it they read as former members', async () => {
  const core = new RecordingAdminCore().answer('adminUsers.list', {
    me: { userId: 1, role: 400 },
    users: [
      {
        userId: 5,
        fullName: 'Cy',
        email: 'cy@x.org',
        role: 400,
        isActive: true,
        isBot: false,
        botOwnerId: null,
        dateJoined: '',
      },
    ],
  });
  const named = new CustomEmojiModel(core.console());
  await named.loadNames();
  expect(named.names.get(5)).toBe('Cy');

  const unnamed = new CustomEmojiModel(new RecordingAdminCore().console());
  await unnamed.loadNames();
  expect(unnamed.names.size).toBe(0);
});
