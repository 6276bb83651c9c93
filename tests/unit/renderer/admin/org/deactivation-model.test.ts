/**
 * Deactivating the organization without a DOM: nothing is sent before the form is ready and
 * the owner confirmed; a refusal shows and the organization stays; a success says it is done.
 */
import { expect, test } from 'vitest';
import { DeactivationModel } from '../../../../../src/renderer/views/admin/org/deactivation-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

test('the call waits for a ready form and the confirmation', async () => {
  const core = new RecordingAdminCore().answer('adminOrg.deactivate', { ignoredParameters: [] });
  const model = new DeactivationModel(core.console());

  // The name not typed (or a delay the server refuses): no confirmation, no call.
  model.ask(false);
  expect(model.asking).toBe(false);
  await model.confirm(30);
  expect(core.callsTo('adminOrg.deactivate')).toEqual([]);

  // Asked, then cancelled: still nothing.
  model.ask(true);
  expect(model.asking).toBe(true);
  model.cancel();
  await model.confirm(30);
  expect(core.callsTo('adminOrg.deactivate')).toEqual([]);
  expect(model.done).toBe(false);

  // Asked and confirmed: sent once, with the delay, and the panel says it is done.
  model.ask(true);
  await model.confirm(30);
  expect(core.callsTo('adminOrg.deactivate')).toEqual([
    { accountId: ACCOUNT, deletionDelayDays: 30 },
  ]);
  expect(model.asking).toBe(false);
  expect(model.done).toBe(true);
});

test('a refusal shows and the organization is not said to be deactivated', async () => {
  const denied = refusal('Must be an organization owner');
  const core = new RecordingAdminCore().answer('adminOrg.deactivate', denied);
  const model = new DeactivationModel(core.console());
  model.ask(true);
  await model.confirm(null);
  expect(model.error).toBe(denied);
  expect(model.done).toBe(false);
  expect(model.busy).toBe(false);
});
