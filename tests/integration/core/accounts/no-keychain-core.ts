/**
 * A Core run as on a machine with no keychain (no-keychain.test.ts starts it with D-Bus
 * and the display removed from the environment): starts the demo, then signs a real
 * account in to a reference server, and prints what both calls answered as one JSON line.
 * `memory` as the first argument keeps real accounts' keys in memory, as
 * `--secret-store memory` does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../../src/core/core.ts';
import { MemorySecretStore } from '../../../../src/core/accounts/memory-secret-store.ts';
import { startServer } from '../../../../src/server/index.ts';

const server = await startServer();
const member = server.users.find((u) => u.role === 400 && !u.is_bot) ?? server.users[0]!;
const dataDir = await mkdtemp(join(tmpdir(), 'perch-no-keychain-'));
try {
  const core = await createCore({
    dataDir,
    version: 't',
    transport: 'web',
    demo: true,
    ...(process.argv[2] === 'memory' ? { secrets: new MemorySecretStore() } : {}),
  });
  const demo = await core.invoke('accounts.list', {});
  const signIn = await core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: member.email,
    apiKey: member.api_key,
  });
  const info = await core.invoke('app.info', {});
  process.stdout.write(`${JSON.stringify({ demo, signIn, info })}\n`);
  await core.close();
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
