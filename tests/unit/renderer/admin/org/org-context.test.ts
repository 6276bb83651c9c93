/** The organization panels' starting point: a refused load shows in words, and a reload mends it. */
import { expect, test, vi } from 'vitest';
import type { OrgContext } from '../../../../../src/contract/schemas/admin-org.ts';
import { orgContext } from '../../../../../src/renderer/views/admin/org/org-context.svelte.ts';
import { RecordingAdminCore, refusal } from '../recording-admin-core.ts';

test('a refused context says why; reloading after the server is back shows it', async () => {
  const denied = refusal('The server could not be reached');
  const core = new RecordingAdminCore().answer('adminOrg.context', denied);
  const org = orgContext(core.console());
  await vi.waitFor(() => expect(org.error).toBe('The server could not be reached'));
  expect(org.failure).toBe(denied);
  expect(org.value).toBeUndefined();

  const context = { channels: [], folders: [] } as unknown as OrgContext;
  core.answer('adminOrg.context', context);
  await org.reload();
  expect(org.error).toBeUndefined();
  expect(org.value).toBe(context);
});
