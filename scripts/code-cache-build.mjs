/**
 * Makes a Node host bundle's entry start from V8's code cache (src/web/code-cache.ts): the
 * esm entry esbuild wrote (`<name>.mjs`) becomes a script, `<name>.body.js`, holding one
 * async function (the module's code, its imports passed in), and `<name>.mjs` a loader that
 * imports what the entry imported statically, compiles the script with its cache and runs it.
 * Node 20 keeps no code cache for ES modules, and `vm.Script` takes one for scripts only.
 *
 * The entry is read as esbuild writes it, minified (scripts/lean-bundle.mjs), and every
 * import and export found in it is checked against esbuild's metafile, so a bundle this does
 * not understand fails the build rather than the start. Line breaks are left where they
 * were: the entry's source map still maps lines (`node --enable-source-maps`).
 */
import { build } from 'esbuild';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A module of Node's own (`node:fs`, `fs`): one `process.getBuiltinModule` returns. */
const builtin = (specifier) => isBuiltin(specifier);

const codeCacheModule = fileURLToPath(new URL('../src/web/code-cache.ts', import.meta.url));

// `import{a,b as c}from"x";`, `import*as d from"x";`, `import e from"x";`, `import"x";` and
// the banner's `import { createRequire as r } from 'node:module';`; never `import(` or
// `import.meta`, nor `__import`; at a statement's start only (not `"accounts.import":`).
const STATIC_IMPORT =
  /(?<=^|[;}\n])import\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}\s*|\*\s*as\s+([\w$]+)\s*)?(?:from\s*)?(["'])([^"'\n]+)\4;?/g;

/**
 * @param {{ outdir: string, name: string, metafile: import('esbuild').Metafile }} options
 * @returns {Promise<void>}
 */
export async function withCodeCache({ outdir, name, metafile }) {
  const entryFile = join(outdir, `${name}.mjs`);
  const text = readFileSync(entryFile, 'latin1');
  const output = Object.entries(metafile.outputs).find(
    ([file]) => resolve(file) === resolve(entryFile),
  )?.[1];
  if (!output) throw new Error(`code cache: ${entryFile} is not in esbuild's metafile`);
  // What esbuild says the entry imports, as the entry writes each path.
  const asWritten = (record) =>
    record.external ? record.path : `./${relative(outdir, resolve(record.path))}`;
  const expected = output.imports.filter((r) => r.kind === 'import-statement').map(asWritten);
  const dynamicCount = output.imports.filter((r) => r.kind === 'dynamic-import').length;

  const imports = [...text.matchAll(STATIC_IMPORT)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    defaultName: m[1],
    named: m[2],
    namespace: m[3],
    specifier: m[5],
  }));
  // The banner's import comes first and is not in the metafile.
  const found = imports.map((i) => i.specifier);
  const banner = found.length - expected.length;
  if (
    banner < 0 ||
    banner > 1 ||
    found.slice(banner).join('\n') !== expected.join('\n') ||
    (banner === 1 && found[0] !== 'node:module')
  ) {
    throw new Error(
      `code cache: the static imports of ${entryFile} are not those esbuild lists:\n${found.join(', ')}\n${expected.join(', ')}`,
    );
  }
  const dynamic = text.match(/\bimport\(/g)?.length ?? 0;
  if (dynamic !== dynamicCount) {
    throw new Error(
      `code cache: ${dynamic} import( in ${entryFile}, esbuild lists ${dynamicCount}`,
    );
  }
  const exports = [...text.matchAll(/\bexport\s*\{[^}]*\};?/g)];
  if (exports.length !== (output.exports.length ? 1 : 0)) {
    throw new Error(`code cache: the exports of ${entryFile} are not one export{…} statement`);
  }

  // Each import becomes a destructuring of the module passed in, all at the top: imports are
  // hoisted, so code before an import's place may use its names.
  const bindings = imports.map((imported, i) => {
    const from = `__m${i}`;
    const parts = [];
    // A built-in module is passed as its exports object (see the loader below), which is
    // what its default export is.
    const defaultOf = builtin(imported.specifier) ? from : `${from}.default`;
    if (imported.defaultName) parts.push(`const ${imported.defaultName}=${defaultOf};`);
    if (imported.namespace) parts.push(`const ${imported.namespace}=${from};`);
    if (imported.named !== undefined) {
      const names = imported.named
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const [exported, local] = s.split(/\s+as\s+/);
          return local ? `${exported}:${local}` : exported;
        });
      parts.push(`const{${names.join(',')}}=${from};`);
    }
    return parts.join('');
  });
  const cuts = [
    ...imports.map((i) => ({ start: i.start, end: i.end, by: '' })),
    ...exports.map((m) => ({ start: m.index, end: m.index + m[0].length, by: '' })),
  ];
  for (const m of text.matchAll(/\bimport\(/g))
    cuts.push({ start: m.index, end: m.index + 6, by: '__import' });
  for (const m of text.matchAll(/\bimport\.meta\b/g))
    cuts.push({ start: m.index, end: m.index + 11, by: '__meta' });
  let body = text;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) {
    if (text.slice(cut.start, cut.end).includes('\n')) {
      throw new Error(`code cache: a statement of ${entryFile} spans lines`);
    }
    body = body.slice(0, cut.start) + cut.by + body.slice(cut.end);
  }
  const params = ['__import', '__meta', ...imports.map((_, i) => `__m${i}`)].join(',');
  const mapLine = `//# sourceMappingURL=${name}.mjs.map`;
  body = `(async function(${params}){"use strict";${bindings.join('')}${body.replace(mapLine, '')}\n})\n//# sourceMappingURL=${name}.body.js.map\n`;
  const bodyFile = `${name}.body.js`;
  writeFileSync(join(outdir, bodyFile), body, 'latin1');
  try {
    renameSync(`${entryFile}.map`, join(outdir, `${bodyFile}.map`));
  } catch {
    // Built without a source map.
  }
  // Node's built-in modules are taken with `process.getBuiltinModule` (Node's documentation,
  // "process.getBuiltinModule(id)"), not imported: the ES module facade of one enumerates
  // its exports when linked, which runs every lazy getter among them (`fs.ReadStream`
  // loads Node's streams, `fs.promises` its promise API), and building the facades of the
  // entry's twenty-odd imports of built-ins was about a quarter of the CPU between Node's
  // boot and the Core's first line (bench/README.md, `cache-start`).
  const loader = [
    ...imports.map((imported, i) =>
      builtin(imported.specifier)
        ? `const __m${i} = process.getBuiltinModule(${JSON.stringify(imported.specifier)});`
        : `import * as __m${i} from ${JSON.stringify(imported.specifier)};`,
    ),
    `import { runCached } from ${JSON.stringify(codeCacheModule)};`,
    `const { value } = runCached({ script: new URL(${JSON.stringify(`./${bodyFile}`)}, import.meta.url) });`,
    `await value((specifier) => import(specifier), import.meta, ${imports.map((_, i) => `__m${i}`).join(', ')});`,
  ].join('\n');
  await build({
    stdin: { contents: loader, resolveDir: outdir, sourcefile: `${name}-loader.mjs`, loader: 'js' },
    outfile: entryFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minifyWhitespace: true,
    charset: 'ascii',
    external: imports.map((i) => i.specifier),
    logLevel: 'warning',
  });
}
