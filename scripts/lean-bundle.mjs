/**
 * esbuild options shared by the bundles Node runs (the browser-mode host, Electron's main
 * and preload). V8 keeps a script's source in the heap for the process's life, and as a
 * two-byte string (twice its length in bytes) when a single character in it lies beyond
 * Latin-1: one `’` in a dependency's comment made the host's 4.8 MB source cost 9.6 MB.
 * So comments and whitespace go, and the output is ASCII. Names are kept (error names
 * and stack traces read as before); the source map beside the bundle maps positions back
 * (`node --enable-source-maps` when debugging), and licences move to a linked file.
 */
import { readFile } from 'node:fs/promises';

/**
 * esbuild writes strings in ASCII (`charset`) but copies regular expression literals as
 * they are (katex has `/[₊₋…]/`). A `\uXXXX` escape means the same character in a pattern,
 * a string or a comment, so dependencies holding characters beyond Latin-1 are escaped as
 * they are loaded.
 */
const asciiSource = {
  name: 'ascii-source',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!/[\u0100-\uffff]/.test(text)) return undefined;
      const contents = text.replace(
        /[\u0100-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      return { contents, loader: 'js' };
    });
  },
};

/**
 * A large JSON file (the emoji catalog's data, 600 kB) bundled as an object literal makes
 * V8 build a syntax tree of every entry when it parses the file, and the C heap keeps that
 * peak afterwards (about 6 MB for the emoji data). As a string given to JSON.parse it is
 * one token to the parser and the same value at run time. V8 keeps that string as long as
 * the module's code, so it is kept ASCII.
 */
const jsonAsString = {
  name: 'json-as-string',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.json$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (text.length < 64 * 1024) return undefined;
      // Parsed once here: a file that is not JSON fails the build rather than the host.
      // Characters beyond ASCII become JSON's own escapes: the string V8 keeps for the
      // literal is then one byte a character, not two (1.1 MB for the emoji data, not 0.6).
      const compact = JSON.stringify(JSON.parse(text)).replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      return { contents: `export default JSON.parse(${JSON.stringify(compact)});`, loader: 'js' };
    });
  },
};

/**
 * undici's HTTP/2 client requires Node's http2 module (four modules and the nghttp2
 * binding) when it loads, in a host that never speaks HTTP/2: undici offers only http/1.1
 * to servers unless a dispatcher is made with `allowH2`, and none of ours is. The module
 * is replaced by one that says so, should a dispatcher ever ask for it.
 */
const noHttp2 = {
  name: 'no-http2',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, () => ({
      contents:
        "module.exports = function connectH2 () { throw new Error('HTTP/2 is not built into Perch: make dispatchers without allowH2') }",
      loader: 'js',
    }));
  },
};

/**
 * zod's namespace carries every locale of its error messages (`z.locales`, 50 of them, 0.3 MB
 * of the host's 1.5 MB) though only English, its default, is ever used: nothing here calls
 * `z.config(z.locales.xx())`. V8 reads a whole file when it compiles it, so each start paid
 * for scanning them. The locales' index keeps only `en`.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
export const leanBundle = {
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  charset: 'ascii',
  plugins: [asciiSource, jsonAsString, noHttp2, zodEnglishOnly],
};

/**
 * A Node host of the Core as one esm file and its chunks (the browser-mode host, and the
 * benches that start the Core as it ships): leanBundle and what such a host needs.
 * @type {import('esbuild').BuildOptions}
 */
export const nodeHostBundle = {
  ...leanBundle,
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
  // keytar is a native module (and optional), loaded from node_modules at run time; so is
  // dbus-next, whose optional transports (usocket, x11) a bundler cannot resolve.
  external: ['keytar', 'dbus-next'],
  // Bundled CommonJS packages (ws, undici's helpers) still call require for Node's own modules.
  banner: {
    js: "import { createRequire as __perchRequire } from 'node:module'; const require = __perchRequire(import.meta.url);",
  },
};
