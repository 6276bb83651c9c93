/**
 * The layer rules of .dependency-cruiser.cjs bite: a small tree under tests/fixtures/layers
 * breaks each kind of rule once, and each break is reported under its rule's name.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;
const fixtures = fileURLToPath(new URL('../../fixtures/layers/', import.meta.url));

async function violations(): Promise<string[]> {
  const result = await cruise(['src'], {
    ...config.options,
    baseDir: fixtures,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the layer rules', () => {
  it('report each broken layer and the cycle under the rule it breaks', async () => {
    expect(await violations()).toEqual([
      'core-imports-no-host-or-ui: src/core/start.ts → src/renderer/view.ts',
      'lib-imports-nothing-above: src/lib/clock.ts → src/core/start.ts',
      'no-circular: src/api/ping.ts → src/api/pong.ts',
      'renderer-imports-no-core-api-or-host: src/renderer/view.ts → src/core/engine.ts',
      'rpc-handlers-only-translate: src/core/rpc/handlers/people.ts → src/api/routes/users.ts',
    ]);
  });
});
