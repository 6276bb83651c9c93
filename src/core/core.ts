import { systemClock, type Clock } from '../lib/clock.ts';
import { PushBus, type PushListener } from './push-bus.ts';
import { PreferencesStore } from './prefs.ts';
import { createHandlers } from './rpc/handlers.ts';
import { dispatch } from './rpc/dispatch.ts';
import type { AppInfo, CoreStatus } from './rpc/contract.ts';
import type { RpcResponse } from './rpc/errors.ts';
import type { CoreContext } from './context.ts';

export interface CoreOptions {
  /** Where the Core keeps its non-secret files (preferences, account registry, caches). */
  dataDir: string;
  version: string;
  transport: AppInfo['transport'];
  clock?: Clock;
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
  await prefs.load();

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
    accounts: 0,
    uptimeSeconds: Math.max(0, Math.floor((clock.now() - startedAt) / 1000)),
  });
  const ctx: CoreContext = { info, clock, dataDir: options.dataDir, bus, prefs, status };
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
    },
  };
}
