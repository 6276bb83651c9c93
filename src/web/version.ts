import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The app version from package.json, read once at start-up. */
export function readPackageVersion(): string {
  const pkg = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}
