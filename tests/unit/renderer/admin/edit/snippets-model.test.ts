/** The Saved snippets list without a DOM: a snippet saved in another session shows here. */
import { expect, test, vi } from 'vitest';
import type { SnippetWire } from '../../../../../src/contract/schemas/admin-people.ts';
import { SnippetsModel } from '../../../../../src/renderer/views/admin/edit/snippets-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

test('the list follows other sessions, and a refused load shows the refusal', async () => {
  let snippets: SnippetWire[] = [{ id: 1, title: 'Greeting', content: 'Hello!' }];
  const core = new RecordingAdminCore().answer('adminPeople.listSnippets', () => snippets);
  const model = new SnippetsModel(core.console());
  model.admin.onChange('snippets', () => model.refresh());
  await model.refresh();
  expect(model.snippets?.map((s) => s.title)).toEqual(['Greeting']);

  snippets = [...snippets, { id: 2, title: 'Sign-off', content: 'Thanks' }];
  core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['snippets'] });
  await vi.waitFor(() =>
    expect(model.snippets?.map((s) => s.title)).toEqual(['Greeting', 'Sign-off']),
  );

  const denied = refusal('Server unreachable');
  core.answer('adminPeople.listSnippets', denied);
  await model.refresh();
  expect(model.load.error).toBe(denied);
  expect(model.snippets?.length).toBe(2);
});
