/**
 * Shared by the sync tests: the reference server on one ManualClock with Perch, a gate in
 * front of it that can fail or cut connections, a restart on the same port, and waiting for
 * real loopback I/O without sleeping.
 */
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ApiClient, type ApiClientOptions } from '../../../../src/api/client.ts';
import { sendMessage, type SendMessageParams } from '../../../../src/api/routes/messages.ts';
import type { ManualClock } from '../../../../src/lib/clock.ts';
import { EventQueues } from '../../../../src/server/events/queues.ts';
import { RateLimiter } from '../../../../src/server/http/rate-limit.ts';
import { createRequestHandler } from '../../../../src/server/http/server.ts';
import {
  startServer,
  type ServerOptions,
  type ServerUser,
  type StartedServer,
} from '../../../../src/server/index.ts';
import { buildRouter } from '../../../../src/server/routes/index.ts';
import type { DecisionEntry } from '../../../../src/core/notify/decisions-log.ts';
import {
  RecordingBadgeSink,
  RecordingNotifier,
  RecordingSoundPlayer,
} from '../../../../src/core/notify/recorders.ts';
import { SyncManager, type SyncManagerOptions } from '../../../../src/core/sync/manager.ts';

/** Waits for real I/O (loopback HTTP) until `check` holds; never advances any clock. */
export async function until(check: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Like `until`, for a check that has to ask over RPC. */
export async function untilAsync(
  check: () => Promise<boolean>,
  what: string,
  limitMs = 30_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export function person(server: StartedServer, local: string): ServerUser {
  const found = server.users.find((u) => u.email === `${local}@perch.test`);
  if (!found) throw new Error(`no user ${local}`);
  return found;
}

export function apiClient(
  url: string,
  user: ServerUser,
  clock: ManualClock,
  options: Partial<ApiClientOptions> = {},
): ApiClient {
  return new ApiClient({
    realmUrl: url,
    email: user.email,
    apiKey: user.api_key,
    clock,
    ...options,
  });
}

/** Sends as `user` straight to the server; returns the new message's id. */
export async function send(
  server: StartedServer,
  user: ServerUser,
  clock: ManualClock,
  params: SendMessageParams,
): Promise<number> {
  const client = apiClient(server.url, user, clock);
  try {
    return (await sendMessage(client, params)).data.id;
  } finally {
    await client.close();
  }
}

export type GateMode = 'pass' | 'fail' | 'cut' | 'hang' | 'pause';

/**
 * A loopback proxy in front of the server: 'pass' forwards, 'fail' answers 503 without an
 * error envelope, 'cut' destroys connections (open ones included), like a lost network,
 * 'hang' never answers, like a server behind a dead route, and 'pause' (see pause()) holds
 * every request and answer until resume(), like a stopped server process.
 */
export class Gate {
  mode: GateMode = 'pass';
  requests = 0;
  /** "METHOD /path" of every request that reached the gate, in order. */
  readonly seen: string[] = [];
  /** Requests ("METHOD /path") dropped before they reach the server: nothing is applied. */
  drop: ((seen: string) => boolean) | undefined;
  /** Requests forwarded, then their answer cut: applied, but the client never hears so. */
  cutAnswer: ((seen: string) => boolean) | undefined;
  /** Runs before a request is forwarded (e.g. to make something happen at that moment). */
  beforeForward: ((seen: string) => Promise<void>) | undefined;
  /** Runs once the server answered, before the answer is passed on (the same, a moment later). */
  beforeAnswer: ((seen: string) => Promise<void>) | undefined;
  /** HTTP statuses the server answered through the gate, in order. */
  readonly statuses: number[] = [];
  private readonly server: Server;
  private readonly target: string;
  private readonly sockets = new Set<Socket>();
  /** What a paused gate owes: requests to forward and answers to pass on. */
  private readonly held: (() => void)[] = [];

  private constructor(target: string) {
    this.target = target;
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests++;
    const seen = `${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`;
    this.seen.push(seen);
    if (this.mode === 'cut' || this.drop?.(seen)) return void req.socket.destroy();
    if (this.mode === 'fail') return void res.writeHead(503).end('unavailable');
    if (this.mode === 'hang') return;
    if (this.mode === 'pause') await new Promise<void>((go) => this.held.push(go));
    await this.beforeForward?.(seen);
    const upstream = request(
      `${this.target}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (up) => {
        if (this.cutAnswer?.(seen)) {
          up.resume();
          up.on('end', () => req.socket.destroy());
          return;
        }
        const answer = () => {
          this.statuses.push(up.statusCode ?? 502);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        };
        if (this.mode === 'pause') this.held.push(answer);
        else if (this.beforeAnswer) void this.beforeAnswer(seen).then(answer);
        else answer();
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  static async open(target: string): Promise<Gate> {
    const gate = new Gate(target);
    await new Promise<void>((resolve) => gate.server.listen(0, '127.0.0.1', resolve));
    return gate;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * Stops answering, as a stopped (SIGSTOP) server does: connections are still accepted,
   * but nothing is forwarded and no answer, even one already on its way, is passed on.
   */
  pause(): void {
    this.mode = 'pause';
  }

  /** Passes on, in order, everything held since pause(), and forwards again. */
  resume(): void {
    this.mode = 'pass';
    for (const go of this.held.splice(0)) go();
  }

  /** Cuts every open connection now and refuses new ones until set back to 'pass'. */
  cut(): void {
    this.mode = 'cut';
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A reference server on the test's clock; `restart` keeps its data and loses its queues. */
export class ReferenceServer {
  private listener: Server | undefined;

  private constructor(readonly started: StartedServer) {}

  static async start(clock: ManualClock, options: ServerOptions = {}): Promise<ReferenceServer> {
    return new ReferenceServer(await startServer({ clock, ...options }));
  }

  get url(): string {
    return this.started.url;
  }

  get queues(): EventQueues {
    return this.started.ctx.events as EventQueues;
  }

  /** Stops listening (ending open long-polls) without starting again. */
  async stop(): Promise<void> {
    if (this.listener) await closeListener(this.listener);
    else await this.started.close();
    this.listener = undefined;
  }

  /**
   * Listens again on the same port with the same organization and messages but no event
   * queues, as a server process restarted over its database would.
   */
  async resume(): Promise<void> {
    const ctx = this.started.ctx;
    const queues = new EventQueues(ctx);
    ctx.events = queues;
    const { rateLimit } = ctx.options;
    const listener = createServer(
      createRequestHandler({
        ctx,
        router: buildRouter(),
        limiter: rateLimit ? new RateLimiter(ctx.clock, rateLimit) : null,
        internalErrors: this.started.internalErrors,
        closing: new AbortController().signal,
      }),
    );
    const port = Number(new URL(this.started.url).port);
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve());
    });
    this.listener = listener;
  }

  async close(): Promise<void> {
    await this.stop();
  }
}

async function closeListener(listener: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    listener.close(() => resolve());
    listener.closeAllConnections();
  });
}

/** Perch's sync side over the gate, with recording adapters. Accounts are named by email. */
export class PerchUnderTest {
  readonly notifier = new RecordingNotifier();
  readonly sound = new RecordingSoundPlayer();
  readonly badge = new RecordingBadgeSink();
  readonly attention: { accountId: string; code: string }[] = [];
  readonly manager: SyncManager;

  constructor(
    private readonly url: string,
    private readonly users: ServerUser[],
    clock: ManualClock,
    options: Partial<SyncManagerOptions> = {},
  ) {
    this.manager = new SyncManager({
      clock,
      notifier: this.notifier,
      sound: this.sound,
      badge: this.badge,
      clientFor: async (accountId) => {
        const user = this.users.find((u) => u.email === accountId);
        if (!user) throw new Error(`no account ${accountId}`);
        return apiClient(this.url, user, clock);
      },
      onCredentialsRejected: (accountId, error) =>
        void this.attention.push({
          accountId,
          code: 'code' in error ? error.code : 'CERTIFICATE_CHANGED',
        }),
      // Mid-window retries keep each recovery deterministic.
      random: () => 0.5,
      ...options,
    });
  }

  async watch(user: ServerUser): Promise<void> {
    await this.manager.startAccount(user.email);
    await until(() => this.health(user).state === 'polling', `${user.email} to poll`);
  }

  health(user: ServerUser) {
    const found = this.manager.statuses().find((s) => s.accountId === user.email);
    if (!found) throw new Error(`${user.email} is not watched`);
    return found.health;
  }

  decisions(user: ServerUser): DecisionEntry[] {
    return this.manager.decisions(user.email);
  }

  decisionFor(user: ServerUser, messageId: number): DecisionEntry | undefined {
    return this.decisions(user).find((d) => d.messageId === messageId);
  }

  /** Waits until every listed message has been decided for the user. */
  async decided(user: ServerUser, ids: readonly number[]): Promise<void> {
    await until(
      () => ids.every((id) => this.decisionFor(user, id)),
      `decisions on ${ids.join(', ')}`,
    );
  }
}
