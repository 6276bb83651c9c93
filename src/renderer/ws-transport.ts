/**
 * Browser mode's `window.perch`: the same bridge Electron's preload exposes, carried over a
 * WebSocket to the web host. The run token comes from the URL the host printed; it is moved
 * to sessionStorage and removed from the address bar so it is not left in history.
 */
import type { PerchBridge } from '../contract/bridge-types.ts';
import type { RpcResponse } from '../contract/errors.ts';
import { formatFrameSize, MAX_FRAME_BYTES, type ServerFrame } from '../contract/wire.ts';

export type ConnectionState = 'connecting' | 'open' | 'closed';

const TOKEN_KEY = 'perch.token';

function takeRunToken(): string {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

const disconnected = (message: string): RpcResponse => ({
  ok: false,
  error: { code: 'DISCONNECTED', message },
});

/** The host closes a connection with this code when a frame exceeds its limit. */
const CLOSE_TOO_LARGE = 1009;
/** And with this one when a frame is malformed, a list of topics past its bounds included. */
const CLOSE_MALFORMED = 1003;

/**
 * A frame over the host's limit would make it drop the whole connection (and every call
 * waiting on it), so such a call is refused here, alone, before anything is sent.
 */
function tooLarge(frame: string): RpcResponse | undefined {
  const bytes = new TextEncoder().encode(frame).byteLength;
  if (bytes <= MAX_FRAME_BYTES) return undefined;
  return {
    ok: false,
    error: {
      code: 'TOO_LARGE',
      message:
        `This is too large to send: ${formatFrameSize(bytes)}, and Perch's window can pass ` +
        `at most ${formatFrameSize(MAX_FRAME_BYTES)} at a time.`,
    },
  };
}

/** A push as `ServerFrame` has it: `t` 'push', a string topic, any payload. */
function isPush(raw: unknown): raw is Extract<ServerFrame, { t: 'push' }> {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { t?: unknown }).t === 'push' &&
    typeof (raw as { topic?: unknown }).topic === 'string'
  );
}

/**
 * A call's answer as `ServerFrame` has it: `t` 'result' and a whole-number id; the answer
 * itself is read by the call (bridge.ts, `parseRpcResponse`), which fails in words on one
 * it cannot read rather than waiting for ever.
 */
function isResult(raw: unknown): raw is Extract<ServerFrame, { t: 'result' }> {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { t?: unknown }).t === 'result' &&
    Number.isInteger((raw as { id?: unknown }).id)
  );
}

/** True once the socket opens, false if it closes first. */
function opens(socket: WebSocket): Promise<boolean> {
  if (socket.readyState !== WebSocket.CONNECTING) {
    return Promise.resolve(socket.readyState === WebSocket.OPEN);
  }
  return new Promise((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('close', () => resolve(false), { once: true });
  });
}

export function createWebSocketBridge(onState: (state: ConnectionState) => void): PerchBridge {
  const token = takeRunToken();
  const pending = new Map<number, (r: RpcResponse) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;
  /** The topics last said to follow: said again to a host reached anew, which forgot them. */
  let following: string[] | undefined;
  let accounts: Record<string, string[]> | undefined;
  const sayFollowing = () => {
    if (following && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ t: 'listen', topics: following, accounts }));
    }
  };

  const connect = () => {
    onState('connecting');
    socket = new WebSocket(`ws://${location.host}/rpc?token=${encodeURIComponent(token)}`);
    socket.addEventListener('open', () => {
      retryMs = 250;
      sayFollowing();
      onState('open');
    });
    socket.addEventListener('message', (ev) => {
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      // The host sends what one of its turns said as one array (host.ts).
      for (const raw of Array.isArray(data) ? data : [data]) {
        // A push, most frames here (a message brings several, each account's badge among
        // them), is the schema's `push` branch checked by hand: a string topic and any
        // payload, handed on as it came instead of copied into a new frame per push.
        if (isPush(raw)) {
          for (const listener of listeners.get(raw.topic) ?? []) listener(raw.payload);
          continue;
        }
        if (!isResult(raw)) continue;
        pending.get(raw.id)?.(raw.response);
        pending.delete(raw.id);
      }
    });
    socket.addEventListener('close', (ev) => {
      onState('closed');
      const why =
        ev.code === CLOSE_TOO_LARGE
          ? 'The connection to Perch closed because a message was too large; it is reconnecting.'
          : 'The connection to Perch closed.';
      for (const resolve of pending.values()) resolve(disconnected(why));
      pending.clear();
      if (ev.code === CLOSE_TOO_LARGE) retryMs = 250;
      if (ev.code === CLOSE_MALFORMED && following) {
        // Said again once reconnected, the list the host refused would be refused again, and
        // so on for ever (each open resets the wait). The page takes every topic instead, as
        // one that has said nothing does (src/contract/window-interest.ts), until its views
        // next say what they follow.
        console.error(
          "Perch's host refused the list of topics this window follows; it takes them all now.",
        );
        following = undefined;
        accounts = undefined;
      }
      // The host may be restarting; keep trying, more slowly each time.
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    });
  };
  connect();

  return {
    async invoke(channel, args) {
      // A call made while the host is away is answered at once: sent on a closed socket
      // it would wait for ever, and the control that made it with it.
      const current = socket;
      if (!(await opens(current)) || current.readyState !== WebSocket.OPEN) {
        return disconnected('Perch is not connected; try again once it is.');
      }
      const id = nextId++;
      const frame = JSON.stringify({ t: 'invoke', id, channel, args });
      const refused = tooLarge(frame);
      if (refused) return refused;
      return new Promise<RpcResponse>((resolve) => {
        pending.set(id, resolve);
        current.send(frame);
      });
    },
    on(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    listen(topics, perAccount) {
      following = topics;
      accounts = perAccount;
      sayFollowing();
    },
  };
}
