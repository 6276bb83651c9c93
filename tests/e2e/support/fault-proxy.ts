import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as a fault rule sees it. */
export interface FaultRequest {
  method: string;
  path: string;
}

/**
 * What the proxy does to one request:
 * - `pass`: forwarded and answered untouched;
 * - `refuse`: the connection is dropped before anything reaches the server (an outage);
 * - `blackhole`: the request is swallowed, never forwarded and never answered, until the
 *   hole is lifted, when its connection is reset (a stall longer than any timeout);
 * - `cut`: forwarded, so the server applies it, but the answer breaks off after its headers
 *   and `keepBytes` bytes of body (a response lost on the way back);
 * - `hold`: kept before the server until `release()` (a link slow for as long as a test
 *   needs, with no timing assumption), then forwarded;
 * - `trickle`: forwarded, the answer dribbled out `chunkBytes` at a time every `everyMs`.
 */
export type Fault =
  | { kind: 'pass' }
  | { kind: 'refuse' }
  | { kind: 'blackhole' }
  | { kind: 'cut'; keepBytes?: number }
  | { kind: 'hold' }
  | { kind: 'trickle'; chunkBytes: number; everyMs: number };

export type FaultRule = (req: FaultRequest) => Fault | undefined;

export interface FaultProxy {
  url: string;
  /** Rules are asked in order (newest first); the first that answers decides. */
  add(rule: FaultRule): () => void;
  /** Every request refused and every open connection dropped, until `end()`. */
  outage(): { end(): void };
  /** Every request swallowed until `end()`, when the swallowed connections are reset. */
  blackhole(): { end(): void };
  /** Held requests (see `hold`), oldest first. */
  held(): FaultRequest[];
  /** Forwards every held request (or those `which` claims). */
  release(which?: (req: FaultRequest) => boolean): number;
  /** Drops every held request (or those `which` claims) unsent: its connection is reset. */
  drop(which?: (req: FaultRequest) => boolean): number;
  /** Requests the proxy has seen, with the fault applied to each. */
  log: { req: FaultRequest; fault: Fault['kind'] }[];
  close(): Promise<void>;
}

/**
 * Reads the server's whole answer, then starts `res` with its status and headers (the length
 * of the whole body) and hands the body to `then` to send as the fault decides.
 */
function wholeAnswer(up: IncomingMessage, res: ServerResponse, then: (whole: Buffer) => void) {
  const got: Buffer[] = [];
  up.on('data', (c: Buffer) => got.push(c));
  up.on('end', () => {
    const whole = Buffer.concat(got);
    const headers = { ...up.headers, 'content-length': String(whole.length) };
    delete headers['transfer-encoding'];
    res.writeHead(up.statusCode ?? 200, headers);
    then(whole);
  });
}

/** `method path` matcher, path compared without its query string. */
export function matches(method: string, pathPrefix: string): (req: FaultRequest) => boolean {
  return (req) => req.method === method && req.path.split('?')[0]!.startsWith(pathPrefix);
}

/** `method path` matcher, the whole path compared (without its query string). */
export function exactly(method: string, path: string): (req: FaultRequest) => boolean {
  return (req) => req.method === method && req.path.split('?')[0] === path;
}

/**
 * A real HTTP hop in front of a server, between the Core and it, that brings back the network
 * faults a user meets (outage, black hole, cut answer, slow link, trickle) on the requests its
 * rules claim, and passes everything else through. Each fault is switched by the test, so a
 * test waits for what the user sees instead of racing a timer.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const rules: FaultRule[] = [];
  const sockets = new Set<Socket>();
  const swallowed = new Set<Socket>();
  const holding: { req: FaultRequest; go: () => void; drop: () => void }[] = [];
  const log: FaultProxy['log'] = [];

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    answer: (up: IncomingMessage) => void,
  ): void => {
    const upstream = request(
      `${target}${req.url ?? ''}`,
      { method: req.method, headers: req.headers },
      answer,
    );
    // The Core's long-poll is cut when the proxy closes or an outage starts; that is expected.
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const proxy = createServer((req, res) => {
    const info: FaultRequest = { method: req.method ?? 'GET', path: req.url ?? '/' };
    let fault: Fault = { kind: 'pass' };
    for (const rule of rules) {
      const f = rule(info);
      if (f) {
        fault = f;
        break;
      }
    }
    log.push({ req: info, fault: fault.kind });
    if (fault.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'blackhole') {
      swallowed.add(req.socket);
      req.resume();
      return;
    }
    // The body is read first, so a held or forwarded request reaches the server whole.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (): void =>
        forward(req, res, body, (up) => {
          if (fault.kind === 'cut') {
            const keep = fault.keepBytes ?? 0;
            wholeAnswer(up, res, (whole) => {
              // Headers that promise the whole body, then the connection breaks off.
              res.flushHeaders();
              res.write(whole.subarray(0, Math.min(keep, Math.max(0, whole.length - 1))));
              setImmediate(() => res.socket?.destroy());
            });
            return;
          }
          if (fault.kind === 'trickle') {
            const { chunkBytes, everyMs } = fault;
            wholeAnswer(up, res, (whole) => {
              let at = 0;
              const tick = (): void => {
                if (res.destroyed) return;
                res.write(whole.subarray(at, at + chunkBytes));
                at += chunkBytes;
                if (at >= whole.length) res.end();
                else setTimeout(tick, everyMs);
              };
              tick();
            });
            return;
          }
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
      if (fault.kind === 'hold')
        holding.push({ req: info, go: send, drop: () => req.socket.destroy() });
      else send();
    });
  });
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      swallowed.delete(socket);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;

  const settleHeld = (
    which: (req: FaultRequest) => boolean,
    how: (h: (typeof holding)[number]) => void,
  ): number => {
    const chosen = holding.filter((h) => which(h.req));
    for (const h of chosen) {
      holding.splice(holding.indexOf(h), 1);
      how(h);
    }
    return chosen.length;
  };

  const add = (rule: FaultRule): (() => void) => {
    rules.unshift(rule);
    return () => {
      const i = rules.indexOf(rule);
      if (i >= 0) rules.splice(i, 1);
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    add,
    outage() {
      const remove = add(() => ({ kind: 'refuse' }));
      for (const s of sockets) s.destroy();
      return { end: remove };
    },
    blackhole() {
      const remove = add(() => ({ kind: 'blackhole' }));
      return {
        end() {
          remove();
          for (const s of swallowed) s.destroy();
          swallowed.clear();
        },
      };
    },
    held: () => holding.map((h) => h.req),
    release: (which = () => true) => settleHeld(which, (h) => h.go()),
    drop: (which = () => true) => settleHeld(which, (h) => h.drop()),
    log,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
