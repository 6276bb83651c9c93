/** The Health panel without a DOM: the report, a refusal to show, and trying again. */
import { expect, test } from 'vitest';
import type { HealthReportWire } from '../../../../../src/contract/schemas/admin-health.ts';
import { HealthModel } from '../../../../../src/renderer/views/admin/health/health-model.svelte.ts';
import { RecordingAdminCore, refusal } from '../recording-admin-core.ts';

test('a refused report shows the refusal; trying again shows the report', async () => {
  const denied = refusal('Server unreachable');
  const core = new RecordingAdminCore().answer('adminHealth.report', denied);
  const health = new HealthModel(core.console());

  await health.reload();
  expect(health.error).toBe(denied);
  expect(health.report).toBeUndefined();
  expect(health.busy).toBe(false);

  const report = { findings: [], checkedAt: 0 } as unknown as HealthReportWire;
  core.answer('adminHealth.report', report);
  await health.reload();
  expect(health.error).toBeUndefined();
  expect(health.report).toBe(report);
});
