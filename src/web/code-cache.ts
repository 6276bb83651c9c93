/**
 * V8's code cache for the Node host's bundle, which Node 20 does not keep for ES modules
 * (`module.enableCompileCache()` is Node 22's). The build (`scripts/code-cache-build.mjs`)
 * turns the bundle's entry into a script, one async function, and makes the entry a
 * loader that runs it through `runCached`: the script is compiled by `vm.Script` with the
 * bytes V8 produced for it at an earlier start (`cachedData`), so V8 deserializes the
 * functions that start ran instead of parsing and compiling them again (about 40 ms of CPU
 * for the 0.8 MB entry; bench/README.md, `cache-start`). This is what v8-compile-cache does
 * for CommonJS apps (Node's `vm.Script` documentation, "cachedData").
 *
 * The cache may never stop a start: a file that is missing, unreadable, cut short, changed
 * (a SHA-256 of the bytes heads the file, checked before V8 sees them) or refused by V8 (made
 * by another V8 or with other flags) is ignored, and the start writes a new one once its
 * code has run for a while, so that the functions it compiled on the way are in it. Its name
 * carries a SHA-256 of the script, Node's version and the architecture, so a rebuilt
 * bundle or another Node never reads another's cache (V8 itself compares only the source's
 * length: a cache of another text of the same length would run that text's code); files of
 * earlier builds are deleted when a new one is written.
 */

// Node's built-in modules taken as their exports objects, not imported: this module is the
// loader's, and an import of `node:fs` as an ES module enumerates its exports when linked,
// which runs its lazy getters (`fs.ReadStream` loads Node's streams) at every start
// (scripts/code-cache-build.mjs, which passes the entry's built-ins the same way).
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } =
  process.getBuiltinModule('node:fs');
const { homedir } = process.getBuiltinModule('node:os');
const { join } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');
const { Script } = process.getBuiltinModule('node:vm');
const { createHash } = process.getBuiltinModule('node:crypto');

/**
 * SHA-256 rather than zlib's CRC-32: node:crypto is loaded at every start anyway, node:zlib
 * is not (about 8 ms of CPU to load), and with the CPU's SHA instructions it hashes the
 * script and its cache (1.7 MB) in about 1.3 ms.
 */
const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();
const DIGEST_BYTES = 32;

export interface CachedScript {
  /** The script's file (`scripts/code-cache-build.mjs` writes it beside the loader). */
  script: URL;
  /** Where the cache is kept; `codeCacheDir()` by default. */
  dir?: string;
  /** How long the code runs before a new cache is made of it (ms). */
  writeAfterMs?: number;
}

/** What `runCached` did with the cache, for tests and benches. */
export type CacheUse = 'accepted' | 'absent' | 'damaged' | 'rejected';

/**
 * The user's cache folder (XDG's on Linux, the platform's elsewhere), or
 * PERCH_CODE_CACHE_DIR. Not the data directory: the host learns that from its command line,
 * which the bundle parses, after it is compiled.
 */
export function codeCacheDir(env = process.env): string {
  if (env.PERCH_CODE_CACHE_DIR) return env.PERCH_CODE_CACHE_DIR;
  const base =
    process.platform === 'win32'
      ? (env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'))
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Caches')
        : (env.XDG_CACHE_HOME ?? join(homedir(), '.cache'));
  return join(base, 'perch', 'code-cache');
}

/**
 * Compiles the script with its cache and returns what it evaluates to (the bundle's body as
 * a function) and what became of the cache.
 */
export function runCached(options: CachedScript): { value: unknown; cache: CacheUse } {
  const file = fileURLToPath(options.script);
  const name = file.split(/[\\/]/).pop()!.replace(/\W+/g, '-');
  const dir = options.dir ?? codeCacheDir();
  const prefix = `${name}-`;
  const text = readFileSync(file);
  const cacheFile = join(
    dir,
    `${prefix}${sha256(text).toString('hex', 0, 8)}-${process.version}-${process.arch}.v8cache`,
  );
  // The bundle is ASCII (scripts/lean-bundle.mjs): Latin-1 reads it without decoding.
  const source = text.toString('latin1');
  let cachedData: Buffer | undefined;
  let cache: CacheUse = 'absent';
  try {
    const bytes = readFileSync(cacheFile);
    const data = bytes.subarray(DIGEST_BYTES);
    if (bytes.length > DIGEST_BYTES && sha256(data).equals(bytes.subarray(0, DIGEST_BYTES)))
      cachedData = data;
    else cache = 'damaged';
  } catch {
    // No cache yet, or one that cannot be read: compiled as without one.
  }
  // Bytes V8 cannot use (another V8, other flags, another text) are refused, not thrown.
  const script = new Script(source, { filename: options.script.href, cachedData });
  if (cachedData) cache = script.cachedDataRejected ? 'rejected' : 'accepted';
  if (cache !== 'accepted') {
    const write = () => {
      try {
        const data = script.createCachedData();
        const bytes = Buffer.concat([sha256(data), data]);
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, bytes, { mode: 0o600 });
        renameSync(temporary, cacheFile);
        // Earlier builds' caches: never read again.
        for (const other of readdirSync(dir)) {
          if (other.startsWith(prefix) && join(dir, other) !== cacheFile && !other.endsWith('.tmp'))
            rmSync(join(dir, other), { force: true });
        }
      } catch {
        // A cache not written costs the next start the compile, nothing else.
      }
    };
    // After the start's own work, so the functions it compiled are in the cache; the timer
    // does not keep the process alive.
    setTimeout(write, options.writeAfterMs ?? 5000).unref();
  }
  return { value: script.runInThisContext(), cache };
}
