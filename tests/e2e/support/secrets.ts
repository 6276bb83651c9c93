import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the OS keychain holds under the service 'perch' (secret-tool prints attributes on stderr). */
export function keychainListing(): string {
  const r = spawnSync('secret-tool', ['search', '--all', 'service', 'perch'], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`;
}

/** Every file under a directory, as text, for leak scans. */
export async function readTree(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: await readFile(path, 'latin1') });
  }
  return out;
}
