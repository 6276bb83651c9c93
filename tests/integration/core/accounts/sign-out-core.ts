/**
 * A Core started on an existing data directory (argument 1) as on a machine whose keychain
 * went away: sign-out-no-keychain.test.ts runs it with D-Bus removed from the environment.
 * It tries to sign the one account out and prints the answer and the accounts after it.
 */
import { createCore } from '../../../../src/core/core.ts';

const core = await createCore({ dataDir: process.argv[2]!, version: 't', transport: 'web' });
const before = await core.invoke('accounts.list', {});
const id = before.ok ? (before.result as { id: string }[])[0]?.id : undefined;
const signOut = await core.invoke('accounts.signOut', { accountId: id });
const after = await core.invoke('accounts.list', {});
process.stdout.write(`${JSON.stringify({ signOut, after })}\n`);
await core.close();
