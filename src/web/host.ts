/**
 * Browser mode: serves the built renderer on 127.0.0.1 and carries `window.perch` over a
 * WebSocket to a Core running in this Node process. Every request must prove it came from
 * the URL this run printed: the page by the token in its query, later requests by the
 * cookie that page set, the WebSocket by the token and by its Origin. The cookie holds a
 * second secret, not the token: cookies ignore ports, so any other 127.0.0.1 service the
 * browser visits receives it, and it must not open the WebSocket.
 */
import { WindowInterest } from '../contract/window-interest.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../core/core.ts';
import { PUSH_GATHER_MS, TurnBatch, withoutSuperseded } from '../core/push-batch.ts';
import {
  MAX_FRAME_BYTES,
  type ClientFrame as ClientFrameType,
  type ServerFrame,
} from '../contract/wire.ts';
import { ClientFrame } from './client-frame.ts';
import { newRunToken, tokenMatches } from './token.ts';
import { loadStatic } from './static-files.ts';
import { bootScript, splitAtHead } from './boot-html.ts';
import { canPicture, pictureBody, pictureHead } from './picture-html.ts';
import { OPEN_PARAM } from '../contract/open-param.ts';
import { contentSecurityPolicy } from './csp.ts';
import { isOwnUrl, type Launcher } from './launcher.ts';
import { withOpenTarget } from '../contract/open-link.ts';
import type { OpenTargetWire } from '../contract/contract.ts';

export interface WebHostOptions {
  core: Core;
  /** The built renderer (vite build output). */
  staticDir: string;
  port?: number;
  /** Fixed token for tests; a fresh random one otherwise. */
  token?: string;
  /**
   * Opens a tab on this host's URL when a notification is clicked while no tab is
   * connected; without it such a click only tells the tabs that connect later nothing.
   */
  launcher?: Launcher;
}

export interface WebHost {
  /** The URL to open, token included. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const COOKIE = 'perch_token';

/**
 * The host could not listen on its port: said in words, as the caller shows it to the user,
 * rather than Node's `listen EADDRINUSE` (the codes of Node's net.Server `listen`, errno(3)).
 */
export class WebHostListenError extends Error {
  constructor(
    readonly port: number,
    cause: unknown,
  ) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    const where = `port ${port} on ${HOST}`;
    super(
      code === 'EADDRINUSE'
        ? `Perch cannot listen on ${where}: another program is using it`
        : code === 'EACCES'
          ? `Perch may not listen on ${where}: this user may not use it (ports below 1024 need privileges)`
          : `Perch cannot listen on ${where}: ${(cause as Error | undefined)?.message ?? String(cause)}`,
      { cause },
    );
    this.name = 'WebHostListenError';
  }
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return undefined;
}

/**
 * Vite names each built script, stylesheet and font under assets/ by a hash of its content
 * (build.assetsDir), so a name never changes its bytes: the browser keeps them, and a window
 * opened again runs its scripts from V8's code cache instead of downloading and compiling
 * them anew before it can paint (bench/README.md, `background`). Private: only this browser
 * keeps them. Everything else, the page with its first screen's state above all, is asked
 * for again each time.
 */
function cacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-store';
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? newRunToken();
  const pageKey = newRunToken();
  const root = resolve(options.staticDir);
  let origin = '';

  const http = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return refuse(res, 405, 'Method not allowed');
      const url = new URL(req.url ?? '/', origin);
      const viaQuery = tokenMatches(token, url.searchParams.get('token'));
      if (!viaQuery && !tokenMatches(pageKey, cookieToken(req))) {
        return refuse(res, 403, 'Open Perch with the URL printed when it started.');
      }
      const file = await loadStatic(root, url.pathname);
      if (!file) return refuse(res, 404, 'Not found');
      const headers: Record<string, string> = {
        'content-type': file.type,
        'content-security-policy': contentSecurityPolicy(origin),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': cacheControl(url.pathname),
      };
      if (viaQuery) {
        headers['set-cookie'] = `${COOKIE}=${pageKey}; Path=/; HttpOnly; SameSite=Strict`;
      }
      const page = file.type.startsWith('text/html') ? splitAtHead(file.body) : undefined;
      if (page && req.method !== 'HEAD') {
        // The page itself carries the first screen's state, so its first paint needs no round
        // trip; its head leaves first, and the browser fetches the scripts while the Core
        // answers (bench/README.md, `background`: the reopened tab).
        // The last window's picture, if there is one of where this window will open: drawn
        // before the page's script runs (picture-html.ts). A tab opened on a notification's
        // conversation opens there, not where the last window was.
        const picture =
          canPicture(page[0], page[1]) && !url.searchParams.has(OPEN_PARAM)
            ? options.core.windowPicture()
            : undefined;
        res.writeHead(200, headers).write(picture ? pictureHead(page[0], picture) : page[0]);
        const boot = Buffer.from(await bootScript(options.core), 'utf8');
        res.end(Buffer.concat([boot, picture ? pictureBody(page[1], picture) : page[1]]));
        return;
      }
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : file.body);
    })().catch(() => refuse(res, 500, 'Internal error'));
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
  });

  http.on('upgrade', (req, socket, head) => {
    // Node drops the server's error listener from an upgraded socket: a peer that resets
    // the connection would otherwise end the whole process, Core included.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      socket.destroy();
      return;
    }
    const allowed =
      url.pathname === '/rpc' &&
      req.headers.origin === origin &&
      tokenMatches(token, url.searchParams.get('token'));
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) =>
      serveSocket(ws, options.core, () => wss.clients.size),
    );
  });

  const asked = options.port ?? 0;
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(asked, HOST, () => ok());
  }).catch((err: unknown) => {
    throw new WebHostListenError(asked, err);
  });
  const { port } = http.address() as AddressInfo;
  origin = `http://${HOST}:${port}`;
  const url = `${origin}/?token=${token}`;

  // A connected tab is told by the push itself and narrows there; with none, a new tab is
  // opened on the conversation (docs/notifications.md "D-Bus").
  const { launcher } = options;
  const stopLaunching = launcher
    ? options.core.subscribe(
        (_topic, payload) => {
          if (wss.clients.size > 0) return;
          const link = withOpenTarget(url, payload as OpenTargetWire);
          if (isOwnUrl(link, origin)) launcher(link);
        },
        (topic) => topic === 'notifications.open',
      )
    : undefined;

  return {
    url,
    origin,
    token,
    async close() {
      stopLaunching?.();
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((ok) => http.close(() => ok()));
    },
  };
}

/** `open`: how many pages are connected (this one already left the count once closed). */
function serveSocket(ws: WebSocket, core: Core, open: () => number): void {
  // What the Core says to the page leaves as one message (a JSON array when there is more
  // than one frame), results and pushes in the order they came: an answer at the end of its
  // turn, pushes gathered for a frame's time (src/core/push-batch.ts says why).
  const frames = new TurnBatch<ServerFrame>(
    (gathered) => {
      if (ws.readyState !== ws.OPEN) return;
      const batch = withoutSuperseded(gathered, (f) => (f.t === 'push' ? f.topic : undefined));
      ws.send(JSON.stringify(batch.length === 1 ? batch[0] : batch));
    },
    { gatherMs: PUSH_GATHER_MS },
  );
  const interest = new WindowInterest();
  const unsubscribe = core.subscribe(
    (topic, payload) => frames.addPush(topic, { t: 'push', topic, payload }),
    interest.wants,
  );
  ws.on('close', () => {
    unsubscribe();
    // The last page went away (closed, crashed, or its pagehide report was lost with the
    // connection): no Perch window is open, so presence stops being reported at once.
    if (open() === 0) void core.invoke('presence.window', { state: 'closed' });
  });
  // A frame over maxPayload (or one breaking the protocol) arrives here as an 'error', and
  // ws closes that one connection itself (1009 for size). Unheard, the error would end the
  // process and the Core with it.
  ws.on('error', () => undefined);
  ws.on('message', (data, isBinary) => {
    let frame: ClientFrameType;
    try {
      if (isBinary) throw new Error('binary frame');
      frame = ClientFrame.parse(JSON.parse(data.toString()));
    } catch {
      // A frame we cannot even attribute to a call has nobody to answer; drop the peer.
      ws.close(1003, 'malformed frame');
      return;
    }
    if (frame.t === 'listen') {
      if (!interest.set(frame.topics, frame.accounts)) ws.close(1003, 'malformed frame');
      return;
    }
    void core
      .invoke(frame.channel, frame.args)
      .then((response) => frames.add({ t: 'result', id: frame.id, response }));
  });
}
