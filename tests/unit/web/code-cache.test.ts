import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Each start is its own Node process, as a host's is: V8 takes a code cache only from a
 * process whose flags made it, and a script compiled once in a process is not compiled again.
 */
const runner = `
import { runCached, codeCacheDir } from ${JSON.stringify(new URL('../../../src/web/code-cache.ts', import.meta.url).href)};
const [script] = process.argv.slice(2);
const { value, cache } = runCached({ script: new URL(script), dir: codeCacheDir(), writeAfterMs: 0 });
const answer = await value(21);
// Long enough for the cache to be written (the timer does not keep the process alive).
await new Promise((resolve) => setTimeout(resolve, 200));
console.log(JSON.stringify({ cache, answer }));
`;

let dir: string;
let cacheDir: string;
let script: string;
let runnerFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perch-code-cache-'));
  cacheDir = join(dir, 'cache');
  script = join(dir, 'body.js');
  runnerFile = join(dir, 'runner.mts');
  writeFileSync(runnerFile, runner);
  writeBody(2);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A script as the build writes one: an async function of what the module imported. */
function writeBody(factor: number) {
  const helpers = Array.from(
    { length: 200 },
    (_, i) => `function f${i}(x) { return x + ${i} - ${i}; }`,
  ).join('\n');
  writeFileSync(
    script,
    `(async function (n) { "use strict"; ${helpers}\nreturn f199(n) * ${factor}; })`,
  );
}

function start(): { cache: string; answer: number } {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', runnerFile, pathToFileURL(script).href],
    { env: { ...process.env, PERCH_CODE_CACHE_DIR: cacheDir }, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as { cache: string; answer: number };
}

const cacheFiles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));

describe('the host bundle run from V8 code cache', () => {
  it('starts without a cache, writes one, and the next start takes it', () => {
    expect(start()).toEqual({ cache: 'absent', answer: 42 });
    expect(cacheFiles()).toHaveLength(1);
    expect(start()).toEqual({ cache: 'accepted', answer: 42 });
  });

  it('still starts from a damaged cache file, and replaces it', () => {
    start();
    const [file] = cacheFiles();
    const path = join(cacheDir, file!);
    const good = readFileSync(path);
    // One byte changed in the middle, then a file cut short, then one of other bytes.
    const flipped = Buffer.from(good);
    const middle = flipped.length >> 1;
    flipped[middle] = flipped[middle]! ^ 0xff;
    for (const damaged of [flipped, good.subarray(0, good.length >> 1), Buffer.from('junk')]) {
      writeFileSync(path, damaged);
      expect(start()).toEqual({ cache: 'damaged', answer: 42 });
      expect(start()).toEqual({ cache: 'accepted', answer: 42 });
    }
  });

  it('runs a changed script as it now is, never from the old one’s cache', () => {
    start();
    const [first] = cacheFiles();
    // A rebuilt bundle of the same length (V8 would take the old cache and run the old code):
    // its cache is another file, and the old one is deleted.
    writeBody(3);
    expect(start()).toEqual({ cache: 'absent', answer: 63 });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toBe(first);
    expect(start()).toEqual({ cache: 'accepted', answer: 63 });
  });
});
