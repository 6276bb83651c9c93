/**
 * The Node arguments `npm run web` starts the browser-mode host with, read from its script,
 * so the tests and benches that start the host run it as a user's `npm run web` does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const packageJson = fileURLToPath(new URL('../../../package.json', import.meta.url));

/** The flags and the bundle of the script's last command, without `node` itself. */
export function webHostNodeArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: { web: string } })
    .scripts;
  const words = scripts.web.split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist-web/cli.mjs') {
    throw new Error(`npm run web no longer ends in "node … dist-web/cli.mjs": ${scripts.web}`);
  }
  return words.slice(1);
}
