#!/usr/bin/env node
/**
 * Bundles the Electron main process and the preload into dist-electron/ as CommonJS.
 * The preload must be one file: a sandboxed preload can require nothing but 'electron'.
 *
 *   node scripts/build-electron.mjs [--outdir <dir>]
 */
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { leanBundle } from './lean-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(root, 'dist-electron'));

const shared = {
  ...leanBundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 ships Node 22.
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // keytar is a native module, loaded from node_modules at run time; so is dbus-next, whose
  // optional transports (usocket, x11) a bundler cannot resolve.
  external: ['electron', 'keytar', 'dbus-next'],
};

await Promise.all([
  build({
    ...shared,
    entryPoints: [join(root, 'electron/main.ts')],
    outfile: join(outdir, 'main.cjs'),
  }),
  build({
    ...shared,
    entryPoints: [join(root, 'electron/preload.ts')],
    outfile: join(outdir, 'preload.cjs'),
  }),
]);
console.log(`Electron main and preload bundled into ${outdir}`);
