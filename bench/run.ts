/**
 * Runs every `bench/*.bench.ts` (or those whose name contains an argument) one after
 * another, so that each measures its ratios side by side without the others competing.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { BenchResult } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as {
    default: () => Promise<BenchResult>;
  };
  const result = await mod.default();
  console.log(`\n## ${result.name}  (${file})`);
  for (const [key, value] of Object.entries(result.metrics)) {
    console.log(`  ${key.padEnd(36)} ${typeof value === 'number' ? +value.toFixed(3) : value}`);
  }
  for (const t of result.targets ?? []) {
    console.log(`  target: ${t.label} ... ${t.pass ? 'met' : 'NOT MET'}`);
    if (!t.pass) failed++;
  }
}
console.log(`\n${files.length} benchmark(s) run, ${failed} target(s) not met`);
