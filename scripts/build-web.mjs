#!/usr/bin/env node
/**
 * Bundles the browser-mode host (src/web/cli.ts with the Core and the embedded reference
 * server) into dist-web/cli.mjs and the chunks it loads on demand (dist-web/chunks), as
 * Electron's main process is bundled: `npm run web` then starts plain Node on that file,
 * with no TypeScript compiler loaded at run time.
 *
 *   node scripts/build-web.mjs [--outdir <dir>]
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { leanBundle } from './lean-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(root, 'dist-web'));

// Chunks of an earlier build would otherwise pile up beside the new ones.
await rm(join(outdir, 'chunks'), { recursive: true, force: true });
await build({
  ...leanBundle,
  entryPoints: { cli: join(root, 'src/web/cli.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  // What the host imports dynamically (the demo's reference server, with the emoji data it
  // needs) is a chunk loaded when first used. V8 parses a whole file at once and the C heap
  // keeps the parser's peak afterwards: about 20 MB for the 3.4 MB host as one file.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // keytar is a native module (and optional), loaded from node_modules at run time; so is
  // dbus-next, whose optional transports (usocket, x11) a bundler cannot resolve.
  external: ['keytar', 'dbus-next'],
  // Bundled CommonJS packages (ws, undici's helpers) still call require for Node's own modules.
  banner: {
    js: "import { createRequire as __perchRequire } from 'node:module'; const require = __perchRequire(import.meta.url);",
  },
});
console.log(`Browser-mode host bundled into ${outdir}`);
