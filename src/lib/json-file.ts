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
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes through a temporary file and a rename so a crash never leaves half a file. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  await rename(tmp, path);
}
