import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the OS keychain holds under the service 'perch' (secret-tool prints attributes on stderr).
 * The keychain is shared by every test running at the same time. secret-tool reads each item
 * after its search found them, and stops at one that a test in another worker removed in
 * between ("No such secret item"), printing none of the others: such a listing is taken again.
 * One that keeps failing throws, so that an assertion that a key is absent never passes on it.
 */
export function keychainListing(): string {
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync('secret-tool', ['search', '--all', 'service', 'perch'], {
      encoding: 'utf8',
    });
    const listing = `${r.stdout}${r.stderr}`;
    if (!listing.includes('No such secret item')) return listing;
    if (attempt === 5) throw new Error(`the keychain could not be listed:\n${listing}`);
  }
}

/**
 * Every file under a directory, as text, for leak scans. The Core may be writing meanwhile:
 * a cache or drafts file is written under a temporary name and renamed, so a file listed may
 * be gone when read. The whole tree is then read again, so that the file under its new name
 * is scanned too.
 */
export async function readTree(dir: string): Promise<{ path: string; text: string }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const out: { path: string; text: string }[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        out.push({ path, text: await readFile(path, 'latin1') });
      }
      return out;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 5) throw err;
    }
  }
}
