/**
 * `npm run web`: the Core in this Node process, the renderer served on 127.0.0.1, and the
 * URL to open printed on the first line.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../core/core.ts';
import { MemorySecretStore } from '../core/accounts/memory-secret-store.ts';
import { secretStoreChoice, type SecretStoreChoice } from '../core/accounts/secret-store-choice.ts';
import { startWebHost } from './host.ts';
import { readPackageVersion } from './version.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    demo: { type: 'boolean', default: false },
    'secret-store': { type: 'string' },
  },
});

let secretStore: SecretStoreChoice;
try {
  secretStore = secretStoreChoice(values['secret-store'], process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.perch-web'));
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const core = await createCore({
  dataDir,
  version: readPackageVersion(),
  transport: 'web',
  demo: values.demo,
  ...(secretStore === 'memory' ? { secrets: new MemorySecretStore() } : {}),
  soundInRenderer: true,
  notifyInRenderer: true,
});
const host = await startWebHost({
  core,
  staticDir: resolve(import.meta.dirname, '../../dist/renderer'),
  port: Number(values.port),
});
console.log(`Perch is running in browser mode. Open: ${host.url}`);

const stop = async () => {
  await host.close();
  await core.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
