/** The Linkifiers panel's list without a DOM: it follows the server's word that it changed. */
import { expect, test, vi } from 'vitest';
import type { LinkifierWire } from '../../../../../src/contract/schemas/admin-people.ts';
import { LinkifiersModel } from '../../../../../src/renderer/views/admin/people/linkifiers-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

const ISSUES: LinkifierWire = {
  id: 1,
  pattern: '#(?P<id>[0-9]+)',
  urlTemplate: 'https://tracker.example.com/{id}',
  reverseTemplate: null,
  alternativeUrlTemplates: [],
};

test('a linkifier added elsewhere shows; a refused removal keeps the list', async () => {
  let linkifiers: LinkifierWire[] = [];
  const denied = refusal('Must be an organization administrator');
  const core = new RecordingAdminCore()
    .answer('adminPeople.listLinkifiers', () => linkifiers)
    .answer('adminPeople.removeLinkifier', denied);
  const model = new LinkifiersModel(core.console());
  model.admin.onChange('linkifiers', () => model.refresh());
  await model.refresh();
  expect(model.linkifiers).toEqual([]);

  linkifiers = [ISSUES];
  core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['linkifiers'] });
  await vi.waitFor(() => expect(model.linkifiers?.map((l) => l.pattern)).toEqual([ISSUES.pattern]));

  await expect(model.remove(1)).rejects.toBe(denied);
  await model.refresh();
  expect(model.linkifiers?.map((l) => l.id)).toEqual([1]);
});
