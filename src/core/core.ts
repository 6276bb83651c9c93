import { systemClock, type Clock } from '../lib/clock.ts';
import { PushBus, type PushListener } from './push-bus.ts';
import { PreferencesStore } from './prefs.ts';
import { createHandlers } from './rpc/handlers.ts';
import { dispatch } from './rpc/dispatch.ts';
import type { AppInfo, CoreStatus } from './rpc/contract.ts';
import type { RpcResponse } from './rpc/errors.ts';
import type { CoreContext } from './context.ts';
import { AccountRegistry } from './accounts/registry.ts';
import { AccountManager } from './accounts/manager.ts';
import { KeytarSecretStore, type SecretStore } from './accounts/secret-store.ts';
import { toSummary } from './accounts/summary.ts';
import type { Account } from './accounts/account.ts';
import { startEmbeddedDemo, type DemoServer, type DemoServerFactory } from './demo.ts';

export interface CoreOptions {
  /** Where the Core keeps its non-secret files (preferences, account registry, caches). */
  dataDir: string;
  version: string;
  transport: AppInfo['transport'];
  clock?: Clock;
  /** Where API keys live; the OS keychain through keytar unless a host passes another. */
  secrets?: SecretStore;
  /** How "Try the demo organization" starts its server (tests pass a smaller one). */
  demoServer?: DemoServerFactory;
}

export interface Core {
  readonly info: AppInfo;
  /** Entry point of both transports: validates and runs one call. */
  invoke(channel: unknown, args: unknown): Promise<RpcResponse>;
  subscribe(listener: PushListener): () => void;
  status(): CoreStatus;
  close(): Promise<void>;
}

/** Builds the Core that electron/main.ts and src/web both host. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const clock = options.clock ?? systemClock;
  const bus = new PushBus();
  const prefs = new PreferencesStore(options.dataDir);
  const registry = new AccountRegistry(options.dataDir);
  await Promise.all([prefs.load(), registry.load()]);
  const secrets = options.secrets ?? (await KeytarSecretStore.open());

  let state: CoreStatus['state'] = 'starting';
  const startedAt = clock.now();
  const info: AppInfo = {
    name: 'Perch',
    version: options.version,
    platform: `${process.platform}-${process.arch}`,
    runtime: process.versions.electron
      ? `Electron ${process.versions.electron}`
      : `Node ${process.versions.node}`,
    transport: options.transport,
    startedAt,
  };
  const status = (): CoreStatus => ({
    state,
    accounts: registry.list().length,
    uptimeSeconds: Math.max(0, Math.floor((clock.now() - startedAt) / 1000)),
  });

  const accounts = new AccountManager({
    registry,
    secrets,
    clock,
    onChange: (all) => {
      bus.publish('accounts.changed', all.map(toSummary));
      bus.publish('core.status', status());
    },
  });

  let demo: Promise<DemoServer> | undefined;
  const startDemo = async (): Promise<Account> => {
    demo ??= (options.demoServer ?? startEmbeddedDemo)().catch((err: unknown) => {
      demo = undefined;
      throw err;
    });
    const server = await demo;
    return accounts.signInWithKey({
      serverUrl: server.url,
      email: server.owner.email,
      apiKey: server.owner.apiKey,
    });
  };

  const ctx: CoreContext = {
    info,
    clock,
    dataDir: options.dataDir,
    bus,
    prefs,
    accounts,
    status,
    startDemo,
  };
  const handlers = createHandlers(ctx);
  state = 'ready';

  return {
    info,
    invoke: (channel, args) => dispatch(handlers, channel, args),
    subscribe: (listener) => bus.subscribe(listener),
    status,
    async close() {
      state = 'stopping';
      bus.publish('core.status', status());
      if (demo) await (await demo.catch(() => undefined))?.close();
    },
  };
}
