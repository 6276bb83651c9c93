import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root.ts';

/** The app version from package.json, read once at start-up. */
export function readPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
