import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOST_V8_FLAGS } from '../../../src/core/host-v8-flags.ts';
import { webHostNodeArgs } from '../../e2e/support/web-host-command.ts';

/** Whether V8 optimized a function that ran hot, under `flags` (V8's OptimizationStatus bit). */
function optimizesHotCode(flags: readonly string[]): boolean {
  const script = `
    function sum(list) { let s = 0; for (let i = 0; i < list.length; i++) s += list[i] * 2; return s; }
    const list = Array.from({ length: 1000 }, (_, i) => i);
    for (let k = 0; k < 20000; k++) sum(list);
    process.stdout.write(String(%GetOptimizationStatus(sum)));`;
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', ...flags, '-e', script], {
    encoding: 'utf8',
  });
  const OPTIMIZED = 16;
  return (Number(out) & OPTIMIZED) !== 0;
}

describe("the host's V8 flags", () => {
  it('are what `npm run web` starts the host with', () => {
    expect(webHostNodeArgs()).toEqual(expect.arrayContaining([...HOST_V8_FLAGS]));
  });

  it('keep hot code out of the optimizing compiler, which plain Node runs it through', () => {
    expect(optimizesHotCode([])).toBe(true);
    expect(optimizesHotCode(HOST_V8_FLAGS)).toBe(false);
  });
});
