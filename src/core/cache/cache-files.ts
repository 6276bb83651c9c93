/**
 * Where each account's cache lives, and how it is written: `<data dir>/cache/<id>.cache`,
 * the folder readable by the user only (0700), each file too (0600), written to a temporary
 * file first and renamed over the old one, so a crash or a full disk leaves the last whole
 * file or none, never half of one.
 */
import { chmod, mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const CACHE_DIR = 'cache';

export function cacheDir(dataDir: string): string {
  return join(dataDir, CACHE_DIR);
}

/** Account ids are the registry's own; anything else is spelled out so it stays one name. */
export function cachePath(dataDir: string, accountId: string): string {
  return join(cacheDir(dataDir), `${encodeURIComponent(accountId)}.cache`);
}

export async function writeCacheFile(path: string, dir: string, bytes: Buffer): Promise<void> {
  await writeCacheFileBy(path, dir, async (write) => write(bytes, 0));
}

/** The same, the bytes handed over piece by piece, each at its position in the file. */
export async function writeCacheFileBy(
  path: string,
  dir: string,
  fill: (write: (bytes: Uint8Array, position: number) => Promise<void>) => Promise<unknown>,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode as it was.
  await chmod(dir, 0o700);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const handle = await open(tmp, 'w', 0o600);
    try {
      await fill(async (bytes, position) => {
        for (let done = 0; done < bytes.length;) {
          const { bytesWritten } = await handle.write(
            bytes,
            done,
            bytes.length - done,
            position + done,
          );
          done += bytesWritten;
        }
      });
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** The file's bytes, or undefined when there is none. */
export async function readCacheFile(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Opening or reading the file failed: no verdict on its contents. */
export class CacheFileUnreadable extends Error {
  constructor(override readonly cause: unknown) {
    super('The cache file could not be read.');
    this.name = 'CacheFileUnreadable';
  }
}

/**
 * What `take` makes of the file, read piece by piece (cache-format.ts, openCacheBy), or
 * undefined when there is none. An error of the file system is thrown as CacheFileUnreadable;
 * what `take` throws, as it is.
 */
export async function readCacheFileBy<T>(
  path: string,
  take: (
    length: number,
    read: (into: Uint8Array, position: number) => Promise<number>,
  ) => Promise<T>,
): Promise<T | undefined> {
  let handle: FileHandle;
  let length: number;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CacheFileUnreadable(err);
  }
  try {
    try {
      length = (await handle.stat()).size;
    } catch (err) {
      throw new CacheFileUnreadable(err);
    }
    return await take(length, async (into, position) => {
      try {
        return (await handle.read(into, 0, into.length, position)).bytesRead;
      } catch (err) {
        throw new CacheFileUnreadable(err);
      }
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export async function removeCacheFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
