/**
 * A notification server of the test's own on the private bus, for what dunst cannot do from a
 * script: a user pressing an action (`ActionInvoked`) or sending an inline reply
 * (`NotificationReplied`, as the servers that offer a reply field send it). It speaks the
 * Desktop Notifications Specification through the same D-Bus library as Perch and records
 * what it was asked.
 */
import { sessionBus, interface as dbusInterface, type MessageBus, type Variant } from 'dbus-next';

export interface Received {
  id: number;
  replacesId: number;
  summary: string;
  body: string;
  actions: string[];
  hints: Record<string, unknown>;
}

class NotificationsInterface extends dbusInterface.Interface {
  received: Received[] = [];
  closed: number[] = [];
  private nextId = 1;

  constructor(private readonly caps: string[]) {
    super('org.freedesktop.Notifications');
  }

  GetCapabilities(): string[] {
    return this.caps;
  }

  GetServerInformation(): string[] {
    return ['perch-test-server', 'perch', '1.0', '1.2'];
  }

  Notify(
    _app: string,
    replacesId: number,
    _icon: string,
    summary: string,
    body: string,
    actions: string[],
    hints: Record<string, Variant>,
  ): number {
    const id = replacesId > 0 ? replacesId : this.nextId++;
    const plain = Object.fromEntries(Object.entries(hints).map(([k, v]) => [k, v.value]));
    this.received.push({ id, replacesId, summary, body, actions, hints: plain });
    return id;
  }

  CloseNotification(id: number): void {
    this.closed.push(id);
    this.NotificationClosed(id, 3);
  }

  ActionInvoked(id: number, key: string): unknown[] {
    return [id, key];
  }

  NotificationReplied(id: number, text: string): unknown[] {
    return [id, text];
  }

  NotificationClosed(id: number, reason: number): unknown[] {
    return [id, reason];
  }
}

NotificationsInterface.configureMembers({
  methods: {
    GetCapabilities: { outSignature: 'as' },
    GetServerInformation: { outSignature: 'ssss' },
    Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
    CloseNotification: { inSignature: 'u' },
  },
  signals: {
    ActionInvoked: { signature: 'us' },
    NotificationReplied: { signature: 'us' },
    NotificationClosed: { signature: 'uu' },
  },
});

export interface OwnNotificationServer {
  readonly received: Received[];
  readonly closed: number[];
  /** The newest notification whose summary contains `text`. */
  find(text: string): Received | undefined;
  invoke(id: number, key: string): void;
  reply(id: number, text: string): void;
  close(): void;
}

export async function startOwnNotificationServer(
  address: string,
  capabilities: string[] = ['actions', 'body', 'inline-reply', 'sound'],
): Promise<OwnNotificationServer> {
  const bus: MessageBus = sessionBus({ busAddress: address });
  const iface = new NotificationsInterface(capabilities);
  bus.export('/org/freedesktop/Notifications', iface);
  await bus.requestName('org.freedesktop.Notifications', 0);
  return {
    received: iface.received,
    closed: iface.closed,
    find: (text) => iface.received.findLast((n) => n.summary.includes(text)),
    invoke: (id, key) => void iface.ActionInvoked(id, key),
    reply: (id, text) => void iface.NotificationReplied(id, text),
    close: () => bus.disconnect(),
  };
}
