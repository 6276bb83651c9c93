import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../../src/core/core.ts';
import { startWebHost, type WebHost, type WebHostOptions } from '../../../src/web/host.ts';

export interface BrowserMode {
  core: Core;
  host: WebHost;
  dataDir: string;
  /**
   * Quits the Core and its host and starts them again on the same data directory;
   * `whileClosed` runs in between, while no Perch is running.
   */
  restart(whileClosed?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** A Core with its own empty data directory, served in browser mode on a free port. */
export async function startBrowserMode(
  extra: Partial<
    Pick<
      CoreOptions,
      'demoServer' | 'clock' | 'notifyInRenderer' | 'soundInRenderer' | 'env' | 'dbusNotifications'
    >
  > = {},
  /** The host's own options beyond the Core and its files (a browser launcher). */
  hostOptions: Pick<WebHostOptions, 'launcher'> = {},
): Promise<BrowserMode> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
  const start = async () => {
    const core = loudSignIn(
      await createCore({ dataDir, version: '0.0.0-e2e', transport: 'web', ...extra }),
    );
    const staticDir = resolve('dist/renderer');
    return { core, host: await startWebHost({ core, staticDir, ...hostOptions }) };
  };
  const mode: BrowserMode = {
    ...(await start()),
    dataDir,
    async restart(whileClosed) {
      await mode.host.close();
      await mode.core.close();
      await whileClosed?.();
      Object.assign(mode, await start());
    },
    async stop() {
      await mode.host.close();
      await mode.core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return mode;
}

/**
 * The keychain is every test's precondition (scripts/with-keyring.sh), never what a test
 * checks through `core.invoke` (the no-keychain spec starts its own host): a sign-in refused
 * for want of one (unreachable on a busy machine) fails the test at once with the Core's
 * words, instead of a page that says "Sign in to an organization" while the test waits for
 * a conversation. Other refusals are answered as they are: the sign-in specs check them.
 */
function loudSignIn(core: Core): Core {
  const invoke = core.invoke.bind(core);
  core.invoke = async (channel, args) => {
    const response = await invoke(channel, args);
    if (channel === 'accounts.signInWithKey' && !response.ok) {
      const { message, apiCode } = response.error as { message: string; apiCode?: string };
      if (apiCode?.startsWith('NO_KEYCHAIN'))
        throw new Error(`The test's sign-in found no keychain (${apiCode}): ${message}`);
    }
    return response;
  };
  return core;
}
