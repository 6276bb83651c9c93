import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under a data directory, as bytes, to scan for what must never be written. */
export async function everyFile(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await everyFile(path)));
    else out.push({ path, bytes: await readFile(path) });
  }
  return out;
}
