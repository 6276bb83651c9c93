/** The reference server: starts the HTTP listener over an in-memory organization. */
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../lib/clock.ts';
import { systemClock } from '../lib/clock.ts';
import type { ServerContext } from './context.ts';
import { populateDemo, startDemoPresence, startLive } from './demo/index.ts';
import { EventQueues } from './events/queues.ts';
import { configureFeatures, type PushTestError, type VideoProviderOption } from './features.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { createRequestHandler } from './http/server.ts';
import { buildRouter } from './routes/index.ts';
import { populateFixedOrg } from './state/fixed-org.ts';
import { CURRENT_FEATURE_LEVEL, DEFAULT_JWT_KEY, createState } from './state/realm.ts';
import type { ServerState } from './state/state.ts';
import type { PushOutcome, UserRecord } from './state/types.ts';
import { deactivateUser } from './state/lifecycle.ts';

export { CURRENT_FEATURE_LEVEL, DEFAULT_JWT_KEY };

export interface ServerUser {
  user_id: number;
  email: string;
  api_key: string;
  role: number;
  full_name: string;
  is_bot: boolean;
  bot_type: number | null;
}

export interface StartedServer {
  /** 'http://127.0.0.1:PORT' ('https://' with `tls`); the API is under url + '/api/v1'. */
  url: string;
  /** Every active human and bot with its API key; the first is the owner. */
  users: ServerUser[];
  /** Accounts that start deactivated (for USER_DEACTIVATED tests). */
  deactivatedUsers: ServerUser[];
  /** Stops listening and ends pending long-polls. */
  close(): Promise<void>;
  /** Test hooks. */
  ctx: ServerContext;
  state: ServerState;
  /** Exceptions that escaped a handler (answered as BAD_REQUEST); empty in a healthy server. */
  internalErrors: unknown[];
  /** Every route as [method, path] for exhaustive tests. */
  routes: { method: string; path: string; auth: boolean; sinceLevel: number }[];
  setPushOutcome(outcome: PushOutcome): void;
  /** Configures (or with null removes) the video-call provider's base URL. */
  setVideoProvider(url: string | null): void;
  setVideoProviderToken(userId: number, has: boolean): void;
  /** Registers an end-to-end-encrypted push device for the user; returns its device_id. */
  addPushDevice(userId: number): number;
  deactivateUser(userId: number): void;
  /** Drops every queue not being polled, as if queueTimeoutSeconds had passed. */
  gcQueuesNow(): void;
  /**
   * Serves another certificate from now on (with `tls` only) and closes open connections,
   * as a server restarted with a new certificate would: every client handshakes again.
   */
  setCertificate(tls: ServerTls): void;
  queues: EventQueues;
}

/** PEM private key and certificate (the leaf first, then any intermediates). */
export interface ServerTls {
  key: string;
  cert: string;
}

export interface ServerOptions {
  host?: string;
  port?: number;
  featureLevel?: number;
  demo?: boolean | { seed?: number; users?: number; channels?: number; messages?: number };
  clock?: Clock;
  heartbeatSeconds?: number;
  longpollTimeoutSeconds?: number;
  queueTimeoutSeconds?: number;
  rateLimit?: false | { requests: number; windowSeconds: number };
  jwtKey?: string;
  /** With `demo`: keep posting messages from other users every few seconds. */
  live?: boolean;
  /** `local`: this server provides video calls and serves their pages. Default: `local` with `demo`. */
  videoProvider?: VideoProviderOption;
  /** Whether the owner has a registered push device. Default: true. */
  pushDevice?: boolean;
  /** Makes the push test fail with this error of spec 4.20. */
  pushTestError?: PushTestError;
  /** Serve HTTPS with this key and certificate instead of plain HTTP. */
  tls?: ServerTls;
}

export async function startServer(options: ServerOptions = {}): Promise<StartedServer> {
  const clock = options.clock ?? systemClock;
  const now = Math.floor(clock.now() / 1000);
  const state = createState({
    featureLevel: options.featureLevel ?? CURRENT_FEATURE_LEVEL,
    jwtKey: options.jwtKey ?? DEFAULT_JWT_KEY,
    now,
    isDemo: Boolean(options.demo),
  });
  const rateLimit = options.rateLimit ?? { requests: 2000, windowSeconds: 60 };
  const ctx: ServerContext = {
    state,
    clock,
    options: {
      heartbeatSeconds: options.heartbeatSeconds ?? 45,
      longpollTimeoutSeconds: options.longpollTimeoutSeconds ?? 90,
      queueTimeoutSeconds: options.queueTimeoutSeconds ?? 600,
      rateLimit,
    },
    // Replaced just below: the queues need the context they belong to.
    events: { emit() {} },
    baseUrl: '',
  };
  const queues = new EventQueues(ctx);
  ctx.events = queues;
  const demoPresence = options.demo
    ? populateDemo(ctx, options.demo === true ? {} : options.demo)
    : undefined;
  if (!options.demo) populateFixedOrg(state, now);

  const closing = new AbortController();
  // Every open request (1000 long-polls in the benchmark) listens for the server closing.
  setMaxListeners(0, closing.signal);
  const internalErrors: unknown[] = [];
  const router = buildRouter();
  const handler = createRequestHandler({
    ctx,
    router,
    limiter: rateLimit ? new RateLimiter(clock, rateLimit) : null,
    internalErrors,
    closing: closing.signal,
  });
  // A GET of 5000 message_ids (spec 4.5's limit) must reach the handler, not Node's bare 431.
  const maxHeaderSize = 256 * 1024;
  const tlsServer = options.tls
    ? createHttpsServer({ maxHeaderSize, key: options.tls.key, cert: options.tls.cert }, handler)
    : undefined;
  const server = tlsServer ?? createServer({ maxHeaderSize }, handler);
  // Idle connections kept as long as upstream's nginx keeps them (`keepalive_timeout 65` in
  // its nginx.conf), not Node's 5 s: a client's requests a few seconds apart (a read mark
  // per message, the connection check of a quiet server every 7 s) reuse one connection
  // here as they do on a real server, instead of opening a new one each time.
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `${tlsServer ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ctx.baseUrl = url;
  state.realm.url = url;
  configureFeatures(state, url, {
    videoProvider: options.videoProvider ?? (options.demo ? 'local' : 'none'),
    pushDevice: options.pushDevice ?? true,
    pushTestError: options.pushTestError,
  });
  const live = options.live === true && demoPresence !== undefined;
  const stopLive = live ? startLive(ctx) : undefined;
  const stopPresence = live ? startDemoPresence(ctx, demoPresence) : undefined;

  return {
    url,
    users: listUsers(state.activeUsers()),
    deactivatedUsers: listUsers([...state.users.values()].filter((u) => !u.is_active)),
    ctx,
    state,
    internalErrors,
    routes: router.list(),
    queues,
    async close() {
      stopLive?.();
      stopPresence?.();
      closing.abort();
      queues.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    setPushOutcome(outcome) {
      state.realm.push_outcome = outcome;
    },
    setVideoProvider(providerUrl) {
      state.realm.video_provider_url = providerUrl;
    },
    setVideoProviderToken(userId, has) {
      const u = state.users.get(userId);
      if (!u || u.has_videoprovider_token === has) return;
      u.has_videoprovider_token = has;
      queues.emit([userId], { type: 'has_videoprovider_token', value: has });
    },
    addPushDevice(userId) {
      const u = state.users.get(userId);
      if (!u) throw new Error(`no user ${userId}`);
      const device_id = state.nextId('push_device');
      u.push_devices.push({
        device_id,
        kind: 'e2ee',
        token: `device-${device_id}`,
        appid: 'perch.test',
      });
      return device_id;
    },
    gcQueuesNow() {
      queues.gcNow();
    },
    setCertificate(tls) {
      if (!tlsServer) throw new Error('this server was started without tls');
      tlsServer.setSecureContext({ key: tls.key, cert: tls.cert });
      tlsServer.closeAllConnections();
    },
    deactivateUser(userId) {
      deactivateUser(ctx, userId);
    },
  };
}

/** In creation order, which puts the owner first. */
function listUsers(users: UserRecord[]): ServerUser[] {
  return [...users]
    .sort((a, b) => a.user_id - b.user_id)
    .map((u) => ({
      user_id: u.user_id,
      email: u.email,
      api_key: u.api_key,
      role: u.role,
      full_name: u.full_name,
      is_bot: u.is_bot,
      bot_type: u.bot_type,
    }));
}
