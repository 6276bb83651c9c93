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
 * A test's own sign-in (`core.invoke('accounts.signInWithKey')`) is its setup, never what it
 * checks (the sign-in specs drive the page): a refusal (the keychain unreachable on a busy
 * machine, the server refusing) fails the test at once with the Core's words, instead of a
 * page that says "Sign in to an organization" while the test waits for a conversation.
 */
function loudSignIn(core: Core): Core {
  const invoke = core.invoke.bind(core);
  core.invoke = async (channel, args) => {
    const response = await invoke(channel, args);
    if (channel === 'accounts.signInWithKey' && !response.ok) {
      const { code, message, apiCode } = response.error as {
        code: string;
        message: string;
        apiCode?: string;
      };
      throw new Error(`The test's sign-in was refused (${apiCode ?? code}): ${message}`);
    }
    return response;
  };
  return core;
}
