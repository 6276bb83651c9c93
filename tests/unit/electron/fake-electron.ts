import { pathToFileURL } from 'node:url';
/**
 * A stand-in for the parts of Electron's main-process API the shell uses, recording what
 * it is asked to do. No Electron binary exists on the test machines, so the shell's
 * lifecycle is driven through this while the Core behind it is the real one.
 */
import { EventEmitter } from 'node:events';

type MenuItem = { label?: string; type?: string; click?: () => void };

/** What Electron passes to a preventable event listener. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWindow extends EventEmitter {
  visible = false;
  focused = 0;
  destroyed = false;
  loaded: string[] = [];
  /** What the main process pushed to this window, as [channel, ...args]. */
  readonly sent: unknown[][] = [];
  /** The page's own events (did-finish-load once loadFile has loaded it). */
  private readonly page = new EventEmitter();
  readonly webContents = {
    once: (event: string, listener: () => void) => void this.page.once(event, listener),
    isDestroyed: () => this.destroyed,
    // As Electron does: a loaded file is reported as its file:// URL.
    getURL: () => {
      const file = this.loaded.at(-1);
      return file ? pathToFileURL(file).href : '';
    },
    send: (...args: unknown[]) => void this.sent.push(args),
  };

  /** Every push the window received, as [topic, payload], from the per-turn batches. */
  pushed(): [string, unknown][] {
    return this.sent.flatMap(([, batch]) => batch as [string, unknown][]);
  }

  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  loadFile(file: string): Promise<void> {
    this.loaded.push(file);
    queueMicrotask(() => this.page.emit('did-finish-load'));
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused++;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  /** What clicking the window's close button does. */
  userCloses(): FakeEvent {
    const event = new FakeEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) {
      this.destroyed = true;
      this.emit('closed');
    }
    return event;
  }
}

export class FakeTray extends EventEmitter {
  image: string;
  tooltip = '';
  menu: MenuItem[] = [];
  destroyed = false;
  constructor(image: { path: string }) {
    super();
    this.image = image.path;
  }
  setImage(image: { path: string }): void {
    this.image = image.path;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(): void {}
  setContextMenu(menu: { items: MenuItem[] }): void {
    this.menu = menu.items;
  }
  destroy(): void {
    this.destroyed = true;
  }
  click(label: string): void {
    const item = this.menu.find((i) => i.label === label);
    if (!item?.click) throw new Error(`no menu item ${label}`);
    item.click();
  }
}

export class FakeApp extends EventEmitter {
  readonly paths = new Map<string, string>();
  readonly loginItems: unknown[] = [];
  hasLock = true;
  sandboxed = false;
  quitRequests = 0;
  exited: number | null = null;
  /** Set once a quit went through without a listener holding it back. */
  quitted = false;
  readonly isPackaged = false;
  private markReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(private readonly appPath: string) {
    super();
  }
  becomeReady(): void {
    this.markReady();
  }
  enableSandbox(): void {
    this.sandboxed = true;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`no path ${name}`);
    return path;
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '1.2.3';
  }
  setLoginItemSettings(settings: unknown): void {
    this.loginItems.push(settings);
  }
  badgeCount = 0;
  setBadgeCount(count: number): void {
    this.badgeCount = count;
  }
  exit(code: number): void {
    this.exited = code;
  }
  quit(): void {
    this.quitRequests++;
    this.emit('before-quit', new FakeEvent());
    const event = new FakeEvent();
    this.emit('will-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
}

export class FakeNotification extends EventEmitter {
  readonly title: string;
  readonly body: string;
  shown = false;
  closed = false;
  constructor(readonly options: { title: string; body: string } & Record<string, unknown>) {
    super();
    this.title = options.title;
    this.body = options.body;
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close');
  }
}

export class FakeElectron {
  readonly app: FakeApp;
  readonly windows: FakeWindow[] = [];
  readonly trays: FakeTray[] = [];
  readonly notifications: FakeNotification[] = [];
  readonly clipboard: string[] = [];
  readonly powerMonitor = new EventEmitter();
  readonly handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();

  constructor(appPath: string) {
    this.app = new FakeApp(appPath);
  }

  /** The module object `import … from 'electron'` resolves to. */
  module(): Record<string, unknown> {
    const windows = this.windows;
    const trays = this.trays;
    const notifications = this.notifications;
    return {
      Notification: class extends FakeNotification {
        static isSupported = () => true;
        constructor(options: { title: string; body: string }) {
          super(options);
          notifications.push(this);
        }
      },
      clipboard: { writeText: (text: string) => this.clipboard.push(text) },
      powerMonitor: this.powerMonitor,
      app: this.app,
      BrowserWindow: class extends FakeWindow {
        constructor(options: Record<string, unknown>) {
          super(options);
          windows.push(this);
        }
        static getAllWindows = () => windows.filter((w) => !w.destroyed);
      },
      Tray: class extends FakeTray {
        constructor(image: { path: string }) {
          super(image);
          trays.push(this);
        }
      },
      Menu: { buildFromTemplate: (items: MenuItem[]) => ({ items }) },
      nativeImage: { createFromPath: (path: string) => ({ path }) },
      ipcMain: {
        handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) =>
          this.handlers.set(channel, fn),
        removeHandler: (channel: string) => this.handlers.delete(channel),
        // What the window says it follows (LISTEN_CHANNEL); no test here sends it.
        on: () => undefined,
        removeAllListeners: () => undefined,
      },
      session: {
        defaultSession: {
          webRequest: { onHeadersReceived: () => undefined },
          setPermissionRequestHandler: () => undefined,
          setPermissionCheckHandler: () => undefined,
        },
      },
      shell: { openExternal: async () => undefined },
    };
  }
}
