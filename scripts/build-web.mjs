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
import { nodeHostBundle } from './lean-bundle.mjs';
import { withCodeCache } from './code-cache-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(root, 'dist-web'));

// Chunks of an earlier build would otherwise pile up beside the new ones.
await rm(join(outdir, 'chunks'), { recursive: true, force: true });
const { metafile } = await build({
  ...nodeHostBundle,
  entryPoints: { cli: join(root, 'src/web/cli.ts') },
  outdir,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
// cli.mjs then compiles the entry's code (cli.body.js) with V8's code cache of an earlier start.
await withCodeCache({ outdir, name: 'cli', metafile });
console.log(`Browser-mode host bundled into ${outdir}`);
