import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { webHostNodeArgs } from '../../e2e/support/web-host-command.ts';

/** Whether V8 optimized a function that ran hot, under `flags` (V8's OptimizationStatus bit). */
function optimizesHotCode(flags: readonly string[]): boolean {
  const script = `
    function sum(list) { let s = 0; for (let i = 0; i < list.length; i++) s += list[i] * 2; return s; }
    const list = Array.from({ length: 1000 }, (_, i) => i);
    for (let k = 0; k < 20000; k++) sum(list);
    process.stdout.write(String(%GetOptimizationStatus(sum)));`;
  // Compiled on the main thread, so the answer does not depend on whether the helper thread
  // got to it before the script ended (a busy machine): the question is whether, not when.
  const args = ['--allow-natives-syntax', ...flags, '--no-concurrent-recompilation'];
  const out = execFileSync(process.execPath, [...args, '-e', script], { encoding: 'utf8' });
  const OPTIMIZED = 16;
  return (Number(out) & OPTIMIZED) !== 0;
}

describe('the flags `npm run web` starts the host with', () => {
  it('let V8 optimize the code a long-running host runs hot', () => {
    // Without the optimizing compiler the host spent about 0.5 to 1 ms more a message once
    // warmed (bench/README.md, `background`); `--max-opt=1` is the flag that turned it off.
    const flags = webHostNodeArgs().slice(0, -1);
    expect(optimizesHotCode(['--max-opt=1'])).toBe(false);
    expect(optimizesHotCode(flags)).toBe(true);
  });
});
