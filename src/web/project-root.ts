import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder holding Perch's package.json, found upward from this module: the same answer
 * whether the host runs from src/web (tsx) or from its bundle in dist-web.
 */
export function projectRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
