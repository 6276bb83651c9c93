import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { systemClock, type Clock } from '../lib/clock.ts';
import { loadBots } from './bots.ts';
import { BodyTooLargeError, readBody } from './body.ts';
import { checkBotConfigFile } from './config-file.ts';
import { checkBotConfig, type BotDefinition } from './config.ts';
import { requestLine, type LogSink } from './log.ts';
import type { BotProfile } from './types.ts';
import { createWebhookResponder, failure, type WebhookOutcome } from './webhook.ts';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5002;
/** Far above any webhook body (message content is capped well below this) yet bounded. */
export const DEFAULT_MAX_BODY_BYTES = 512 * 1024;
/** The service stops waiting for a bot after about ten seconds; answering later is pointless. */
export const DEFAULT_HANDLER_TIMEOUT_MS = 10_000;

type ConfigSource =
  /** An INI file; handler module paths are relative to it. */
  | { configPath: string }
  /** Sections already parsed from INI; handler module paths are relative to `configDir` (default: cwd). */
  | { config: Record<string, unknown>; configDir?: string };

export type BotServerOptions = ConfigSource & {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  maxBodyBytes?: number;
  handlerTimeoutMs?: number;
  /** Receives the request log (one line per request) and handler log lines; default stdout. */
  log?: LogSink;
  clock?: Clock;
};

export interface BotServer {
  /** Base URL ending in `/`, the address to configure as the bots' endpoint. */
  url: string;
  bots: readonly BotProfile[];
  close(): Promise<void>;
}

/** Validates the configuration, loads every handler, then listens. Config problems reject with BotConfigError. */
export async function startBotServer(options: BotServerOptions): Promise<BotServer> {
  const clock = options.clock ?? systemClock;
  const sink = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { definitions, baseDir, source, problems } = await resolveConfig(options);
  const bots = await loadBots(definitions, baseDir, source, problems);
  const respond = createWebhookResponder(bots, {
    clock,
    sink,
    handlerTimeoutMs: options.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
  });

  // Webhook bodies are small; a client that takes longer than this is stuck or hostile.
  const server = createServer({ requestTimeout: 30_000 }, (req, res) => {
    const started = clock.now();
    void route(req, respond, maxBodyBytes)
      .catch((err: unknown) =>
        failure(500, 'The bot server failed.', {}, `unexpected: ${String(err)}`),
      )
      .then((outcome) => {
        send(res, outcome);
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const ms = clock.now() - started;
        sink(
          requestLine(clock, {
            method: req.method ?? '?',
            path,
            status: outcome.status,
            ms,
            fields: outcome.log,
          }),
        );
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}/`,
    bots: bots.map((bot) => bot.profile),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The valid sections and the problems of the others; handlers are checked later, by loadBots. */
async function resolveConfig(
  options: ConfigSource,
): Promise<{ definitions: BotDefinition[]; baseDir: string; source: string; problems: string[] }> {
  if ('configPath' in options) {
    const { bots, baseDir, problems } = await checkBotConfigFile(options.configPath);
    return { definitions: bots, baseDir, source: resolve(options.configPath), problems };
  }
  const { bots, problems } = checkBotConfig(options.config);
  return {
    definitions: bots,
    baseDir: options.configDir ?? process.cwd(),
    source: '(given in code)',
    problems,
  };
}

async function route(
  req: IncomingMessage,
  respond: (body: string) => Promise<WebhookOutcome>,
  maxBodyBytes: number,
): Promise<WebhookOutcome> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/') return failure(404, 'Not found: webhooks are posted to /.');
  if (req.method !== 'POST') {
    return failure(405, 'Only POST is accepted: this is an outgoing-webhook bot server.');
  }
  let body: string;
  try {
    body = await readBody(req, maxBodyBytes);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return failure(413, err.message);
    return failure(400, 'The request body could not be read.');
  }
  return respond(body);
}

function send(res: ServerResponse, { status, body }: WebhookOutcome): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 405) headers.allow = 'POST';
  // After refusing an oversized body, the rest of it is not worth reading on this connection.
  if (status === 413) headers.connection = 'close';
  res.writeHead(status, headers).end(JSON.stringify(body));
}
