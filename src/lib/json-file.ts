import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * Reads a JSON file validated by `schema`. A missing file gives `fallback`; a corrupt one
 * throws, because silently replacing a user's file with defaults would lose their data.
 */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fallback: z.output<S>,
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw err;
  }
  // Checked once per read, mostly at start: zod's compiled check of an object (its "fast
  // path", made with `new Function` at a schema's first check) costs more to make than it
  // saves on one file (zod's ParseContext, `jitless`; bench/README.md, `cache-start`).
  const parsed = schema.safeParse(JSON.parse(text), { jitless: true });
  if (!parsed.success) throw new Error(`${path} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await writeFileAtomically(path, JSON.stringify(value, null, 2) + '\n', 0o600);
}

/**
 * Writes through a temporary file and a rename, so neither a crash nor a reader arriving
 * mid-write (a desktop session scanning its autostart folder) ever sees half a file.
 */
export async function writeFileAtomically(path: string, text: string, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text, { mode });
  await rename(tmp, path);
}
