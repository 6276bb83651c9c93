import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  /** The entry's code: a script the entry, cli.mjs, runs from V8's code cache. */
  const source = () => readFileSync(join(out, 'cli.body.js'), 'latin1');
  /** The entry's code and the chunks it loads (the demo's server, the emoji data). */
  const files = () => [
    'cli.body.js',
    ...readdirSync(join(out, 'chunks'))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => join('chunks', f)),
  ];

  it('is Latin-1 throughout, so V8 holds its source at one byte a character', () => {
    for (const file of files()) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text.match(/[\u0100-\uffff]/g) ?? [], file).toEqual([]);
    }
  });

  it('keeps characters beyond Latin-1 that dependencies match on, as escapes', () => {
    // katex's subscript pattern (in the demo server's chunk): the same characters, written
    // as \u escapes.
    const all = files().map((file) => readFileSync(join(out, file), 'latin1'));
    expect(all.some((text) => text.includes('\\u208a'))).toBe(true);
  });

  it('bundles large JSON as a string that V8 keeps at one byte a character', () => {
    // The emoji data: `JSON.parse("...")`, whose literal is ASCII once the JavaScript
    // escapes are read (JSON's own escapes stand for the emoji), and parses to the emoji.
    // esbuild writes it as a template literal; a literal's escapes are read as V8 reads them.
    const literals = files().flatMap((file) =>
      [...readFileSync(join(out, file), 'latin1').matchAll(/JSON\.parse\((`(?:[^`\\]|\\.)*`)\)/g)]
        .map((m) => new Function(`return ${m[1]!}`)() as string)
        .filter((text) => text.length > 64 * 1024),
    );
    expect(literals.length).toBeGreaterThan(0);
    for (const text of literals) expect(text.match(/[\u0080-\uffff]/g) ?? []).toEqual([]);
    const emoji = literals
      .map((text) => JSON.parse(text) as unknown)
      .find(
        (data): data is { hexcode: string; unicode: string }[] =>
          Array.isArray(data) && (data[0] as { hexcode?: string }).hexcode !== undefined,
      );
    expect(emoji?.find((e) => e.hexcode === '1F419')?.unicode).toBe('\u{1F419}');
  });

  it('loads the demo server only with the demo: it is a chunk of its own', () => {
    expect(files().some((f) => /^chunks[\\/]server-.*\.mjs$/.test(f))).toBe(true);
    // The math renderer is the server's: its subscript pattern is not in the entry.
    expect(source()).not.toContain('\\u208a');
  });

  it("leaves out undici's cookies, whose load makes Node load its own copy of undici", () => {
    for (const file of files()) {
      const text = readFileSync(join(out, file), 'latin1');
      expect(text, file).not.toContain('undici/lib/web/cookies');
      expect(text, file).not.toContain('undici/lib/web/websocket');
    }
  });

  it("leaves out Node's http2, which undici's HTTP/2 client loads and no dispatcher of ours asks for", () => {
    for (const file of files()) {
      const text = readFileSync(join(out, file), 'latin1');
      expect(text, file).not.toMatch(/require\("(node:)?http2"\)/);
    }
    // In undici's chunk, loaded with the first request.
    const all = files().map((file) => readFileSync(join(out, file), 'latin1'));
    expect(all.some((text) => text.includes('HTTP/2 is not built into Perch'))).toBe(true);
  });

  /** The entry and the chunks it imports statically: what every start compiles and runs. */
  const loadedAtStart = (): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(join(out, file), 'latin1');
      // `import{a as b}from"./x.mjs"` and `import"./x.mjs"`, not `import("./x.mjs")`.
      for (const m of text.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?"\.\/([^"]+\.mjs)"/g)) {
        visit(join('chunks', m[1]!.replace(/^chunks\//, '')));
      }
    };
    // The loader imports what the entry's code imported, and runs that code.
    visit('cli.mjs');
    visit('cli.body.js');
    return [...seen];
  };

  it('leaves what a start from the cache does not use to chunks loaded when first asked for', () => {
    const start = loadedAtStart()
      .map((file) => readFileSync(join(out, file), 'latin1'))
      .join('\n');
    // undici (its HTTP/2 stub marks it), with the first request.
    expect(start).not.toContain('HTTP/2 is not built into Perch');
    // The RE2 engine, with the first organization health report.
    expect(start).not.toContain('RE2JSException');
    // The D-Bus library, at the first connection to a session bus.
    expect(start).not.toMatch(/\bimport\s*[\w$*{}\s,]*from\s*"dbus-next"/);
    expect(source()).toContain('__import("dbus-next")');
    // zod's locales but its default, English, at no time.
    expect(start).toContain('en_default');
    expect(start).not.toMatch(/\b(de|fr|ja)_default\b/);
  });

  it("takes neither Node's TLS, sockets nor DNS at start, nor any built-in as an ES module", () => {
    // The loader passes the entry's code the built-ins it imports, as their exports objects:
    // an ES module facade of one runs its lazy getters when linked (code-cache-build.mjs).
    const loader = readFileSync(join(out, 'cli.mjs'), 'latin1');
    expect(loader).not.toMatch(/\bimport\b[^;]*["']node:/);
    expect(loader).toContain('process.getBuiltinModule("node:fs")');
    // Those the first Inbox does not use are taken when first used (src/lib/builtin.ts): the
    // loader takes none of them, and neither does a chunk loaded with the entry. (A CommonJS
    // dependency's own require, as the page's WebSocket server's, is not an import.)
    expect(loader).not.toMatch(/["']node:(tls|net|dns|dns\/promises)["']/);
    for (const file of loadedAtStart()) {
      const text = readFileSync(join(out, file), 'latin1');
      expect(text, file).not.toMatch(/from\s*["']node:(tls|net|dns|dns\/promises)["']/);
    }
  });

  it('carries no comments but links its licences and its source map', () => {
    for (const file of files()) {
      const text = readFileSync(join(out, file), 'latin1');
      expect(text, file).not.toMatch(/^\s*\/\/ (?!# source|! )/m);
      expect(text, file).toMatch(/\/\/# sourceMappingURL=[\w.-]+\.m?js\.map\s*$/);
    }
    // Each file's licences beside it (undici's with undici's chunk).
    const legal = files()
      .map((file) => join(out, `${file}.LEGAL.txt`))
      .filter((file) => existsSync(file));
    expect(legal.length).toBeGreaterThan(0);
    for (const file of legal) expect(readFileSync(file, 'utf8'), file).toMatch(/license/i);
  });
});
