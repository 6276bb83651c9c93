/**
 * The desktop's notification server over D-Bus (the Desktop Notifications Specification,
 * `org.freedesktop.Notifications` at `/org/freedesktop/Notifications`): its capabilities,
 * Notify, CloseNotification and the signals it sends back. Only the wire; what Perch shows
 * and what an action does live in dbus-notifier.ts and dbus-actions.ts.
 */
import type * as DbusNextModule from 'dbus-next';
import type { ClientInterface, MessageBus, Variant } from 'dbus-next';

/**
 * The library, loaded at the first connection rather than with the Core: it and what it
 * requires (an XML parser and builder, a 64-bit integer library) are CommonJS read from
 * node_modules, 30 to 50 ms of a start's CPU before the Core's first line, though a host
 * without a session bus never uses it (bench/README.md, `cache-start`).
 */
type DbusNext = typeof DbusNextModule;
const loadDbusNext = (): Promise<DbusNext> => import('dbus-next');

const NAME = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

/**
 * Given to the library instead of asking the server to describe itself: servers that offer
 * inline reply send `NotificationReplied` (KDE's Plasma, and the specification's draft for
 * it) without always declaring it, and a signal the proxy does not know is never delivered.
 */
const INTROSPECTION = `<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
<node>
  <interface name="${NAME}">
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationReplied"><arg type="u"/><arg type="s"/></signal>
  </interface>
</node>`;

/** The methods Perch calls, as the library's proxy exposes them. */
interface NotificationsProxy extends ClientInterface {
  GetCapabilities(): Promise<string[]>;
  GetServerInformation(): Promise<string[]>;
  Notify(
    appName: string,
    replacesId: number,
    icon: string,
    summary: string,
    body: string,
    actions: string[],
    hints: Record<string, Variant>,
    expireTimeout: number,
  ): Promise<number>;
  CloseNotification(id: number): Promise<void>;
}

/** How long a notification server has to answer before Perch calls it absent. */
const ANSWER_MS = 3000;

export interface NotifyRequest {
  /** The server's id of the notification this one replaces, 0 for a new one. */
  replacesId: number;
  summary: string;
  body: string;
  /** Pairs of action key and label, as the specification lays them out. */
  actions: string[];
  hints: { soundFile?: string; soundName?: string; category?: string; desktopEntry?: string };
}

export interface NotificationSignals {
  actionInvoked(id: number, key: string): void;
  replied(id: number, text: string): void;
  closed(id: number, reason: number): void;
}

export interface NotificationServer {
  /** What the server says it supports: `actions`, `inline-reply`, `sound`, `body`, ... */
  readonly capabilities: ReadonlySet<string>;
  /** "dunst 1.9.0" and the like, for the About page and Activity. */
  readonly serverName: string;
  notify(request: NotifyRequest): Promise<number>;
  close(id: number): Promise<void>;
  listen(signals: NotificationSignals): void;
  disconnect(): void;
}

export type Connected = { server: NotificationServer } | { problem: string };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function messageOf(err: unknown): string {
  if (err && typeof err === 'object' && 'text' in err && typeof err.text === 'string') {
    return err.text;
  }
  return err instanceof Error ? err.message : String(err);
}

function hintsOf({ Variant }: DbusNext, hints: NotifyRequest['hints']): Record<string, Variant> {
  const out: Record<string, Variant> = {};
  if (hints.soundFile) out['sound-file'] = new Variant('s', hints.soundFile);
  if (hints.soundName) out['sound-name'] = new Variant('s', hints.soundName);
  if (hints.category) out['category'] = new Variant('s', hints.category);
  if (hints.desktopEntry) out['desktop-entry'] = new Variant('s', hints.desktopEntry);
  return out;
}

/**
 * Connects to the session bus (`address`, or DBUS_SESSION_BUS_ADDRESS) and asks the
 * notification server for its capabilities. Never throws: where there is no session bus or
 * nobody answers, the result says so in words.
 */
export async function connectNotificationServer(
  address: string | undefined = process.env['DBUS_SESSION_BUS_ADDRESS'],
): Promise<Connected> {
  if (!address) {
    return { problem: 'There is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set).' };
  }
  const dbus = await loadDbusNext();
  let bus: MessageBus;
  try {
    bus = dbus.sessionBus({ busAddress: address });
  } catch {
    return { problem: 'The D-Bus session bus cannot be reached: its address is not valid.' };
  }
  let busFailed = false;
  const failed = new Promise<never>((_, reject) => {
    bus.on('error', (err: unknown) => {
      busFailed = true;
      reject(err instanceof Error ? err : new Error(messageOf(err)));
    });
  });
  failed.catch(() => undefined);
  try {
    const proxy = await withTimeout(
      Promise.race([bus.getProxyObject(NAME, PATH, INTROSPECTION), failed]),
      ANSWER_MS,
      'The session bus',
    );
    const iface = proxy.getInterface<NotificationsProxy>(NAME);
    const caps = await withTimeout(
      Promise.race([iface.GetCapabilities(), failed]),
      ANSWER_MS,
      'The notification server',
    );
    const info = await withTimeout(
      Promise.race([iface.GetServerInformation(), failed]),
      ANSWER_MS,
      'The notification server',
    ).catch(() => ['a notification server', '', '']);
    return { server: serverOver(dbus, bus, iface, new Set(caps), `${info[0]} ${info[2]}`.trim()) };
  } catch {
    bus.disconnect();
    // The library's words (socket errors, D-Bus error names) are codes, not sentences.
    if (busFailed) {
      return {
        problem: 'The D-Bus session bus cannot be reached: nothing answers at its address.',
      };
    }
    return { problem: 'No notification server answers on the D-Bus session bus.' };
  }
}

function serverOver(
  dbus: DbusNext,
  bus: MessageBus,
  iface: NotificationsProxy,
  capabilities: Set<string>,
  serverName: string,
): NotificationServer {
  // A bus that goes away later must not end the process; calls then fail on their own.
  bus.on('error', () => undefined);
  return {
    capabilities,
    serverName,
    async notify(request) {
      return withTimeout(
        iface.Notify(
          'Perch',
          request.replacesId,
          '',
          request.summary,
          request.body,
          request.actions,
          hintsOf(dbus, request.hints),
          -1,
        ),
        ANSWER_MS,
        'The notification server',
      );
    },
    async close(id) {
      await withTimeout(iface.CloseNotification(id), ANSWER_MS, 'The notification server');
    },
    listen(signals) {
      iface.on('ActionInvoked', (id: number, key: string) => signals.actionInvoked(id, key));
      iface.on('NotificationReplied', (id: number, text: string) => signals.replied(id, text));
      iface.on('NotificationClosed', (id: number, reason: number) => signals.closed(id, reason));
    },
    disconnect() {
      bus.disconnect();
    },
  };
}
