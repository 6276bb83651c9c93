import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'perch-lean-'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build-web.mjs'), '--outdir', out]);
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the browser-mode host bundle', () => {
  const source = () => readFileSync(join(out, 'cli.mjs'), 'latin1');

  it('is Latin-1 throughout, so V8 holds its source at one byte a character', () => {
    const text = readFileSync(join(out, 'cli.mjs'), 'utf8');
    expect(text.match(/[\u0100-\uffff]/g) ?? []).toEqual([]);
  });

  it('keeps characters beyond Latin-1 that dependencies match on, as escapes', () => {
    // katex's subscript pattern: the same characters, written as \u escapes.
    expect(source()).toContain('\\u208a');
  });

  it('carries no comments but links its licences and its source map', () => {
    expect(source()).not.toMatch(/^\s*\/\/ (?!# source|! )/m);
    expect(readFileSync(join(out, 'cli.mjs.LEGAL.txt'), 'utf8')).toMatch(/license/i);
    expect(source()).toMatch(/\/\/# sourceMappingURL=cli\.mjs\.map\s*$/);
  });
});
