import { systemClock, type Clock } from '../lib/clock.ts';
import { PushBus, type PushListener, type TopicInterest } from './push-bus.ts';
import { PUSH_GATHER_MS, subscribeTurns, type Push } from './push-batch.ts';
import { PreferencesStore } from './prefs.ts';
import { isDmMuted } from '../contract/muted-dms.ts';
import { migrateAccountIds } from './accounts/id-migration.ts';
import { droppedWriteNote, type DroppedWriteNote } from './messages/offline-writes.ts';
import { DndFile } from './notify/dnd-file.ts';
import { DraftStore } from './compose/drafts.ts';
import { createHandlers } from './rpc/handlers.ts';
import { dispatch } from './rpc/dispatch.ts';
import type { AppInfo, CoreStatus, Preferences } from '../contract/contract.ts';
import type { RpcResponse } from '../contract/errors.ts';
import type { CoreContext } from './context.ts';
import { AccountRegistry } from './accounts/registry.ts';
import { AccountManager } from './accounts/manager.ts';
import {
  keychainBindingState,
  openKeychainStore,
  type SecretStore,
} from './accounts/secret-store.ts';
import type { Account } from './accounts/account.ts';
import { startEmbeddedDemo, type DemoServer, type DemoServerFactory } from './demo.ts';
import { RendererSoundPlayer } from './notify/renderer-sound.ts';
import { RendererBadgeSink, RendererNotifier } from './notify/renderer-notifier.ts';
import type { OpenTarget } from './notify/notifier.ts';
import { openDesktopNotifications, type DbusNotificationOptions } from './notify/dbus-wiring.ts';
import type { NotificationAction } from './notify/dbus-notifier.ts';
import { NotificationActions } from './notify/dbus-actions.ts';
import { createSyncManager, watchStoredAccounts, type HostAdapters } from './sync/core-wiring.ts';
import { createCoreParts } from './core-parts.ts';
import { createAccountCache } from './cache/cache-wiring.ts';
import { DEFAULT_CACHE_BUDGET_BYTES } from './cache/cache-keeper.ts';
import { ProxySettings } from './network/proxy-settings.ts';
import { resumePendingActions } from './messages/pending-resume.ts';
import type { Env } from './network/proxy-env.ts';
import { WindowMemory } from './window-memory.ts';
import type { WindowPicture } from '../contract/schemas/window.ts';

export interface CoreOptions extends HostAdapters {
  /** Where the Core keeps its non-secret files (preferences, account registry, caches). */
  dataDir: string;
  version: string;
  transport: AppInfo['transport'];
  clock?: Clock;
  /**
   * Where real accounts' keys live; the OS keychain through keytar unless a host passes
   * another. Demo accounts' keys always stay in memory.
   */
  secrets?: SecretStore;
  /**
   * Whether each pushed payload is checked against the contract on its way out (PushBus);
   * on unless a shipped host turns it off.
   */
  checkPushes?: boolean;
  /**
   * Whether the results the Core builds from its own models alone (rpc/dispatch.ts,
   * TRUSTED_RESULTS) are checked against the contract too; on unless a shipped host turns it off.
   */
  checkResults?: boolean;
  /** How "Try the demo organization" starts its server (tests pass a smaller one). */
  demoServer?: DemoServerFactory;
  /** Start the demo organization and sign in to it as soon as the Core is up (`--demo`). */
  demo?: boolean;
  /** Play notification sounds in the renderer (both hosts have one; tests leave it off). */
  soundInRenderer?: boolean;
  /** Show notifications and the unread badge in the page (browser mode: a tab has no tray). */
  notifyInRenderer?: boolean;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (process.env unless a test passes one). */
  env?: Env;
  /**
   * False: every history window is fetched from the server, as before the message store.
   * Only the bench comparing the two paths turns it off.
   */
  messageStore?: boolean;
  /**
   * Notify over D-Bus where a notification server answers, unless the user turned it off
   * (Preferences.desktopNotifications); the host's notifier stays as the fallback.
   */
  dbusNotifications?: DbusNotificationOptions;
  /** A notification was clicked or opened (by any notifier): the host shows its window. */
  onReveal?: (target: OpenTarget) => void;
}

export interface Core {
  readonly info: AppInfo;
  /** Entry point of both transports: validates and runs one call. */
  invoke(channel: unknown, args: unknown): Promise<RpcResponse>;
  /** `interest`: the topics this listener takes (all without it); see PushBus. */
  subscribe(listener: PushListener, interest?: TopicInterest): () => void;
  /**
   * As `subscribe`, with each turn of the event loop's pushes handed over together, in
   * order (push-batch.ts): what a host sends to a window as one message.
   */
  subscribeTurns(listener: (pushes: Push[]) => void, interest?: TopicInterest): () => void;
  status(): CoreStatus;
  /**
   * The last window's picture, for a window opening now (WindowMemory.picture); browser
   * mode's host serves it in the page. The page never asks for it.
   */
  windowPicture(): (WindowPicture & { theme: Preferences['theme'] }) | undefined;
  /** A notification was clicked: tell the window which message to show. */
  reveal(target: OpenTarget): void;
  /**
   * An action pressed on a host's own notification (Electron's on macOS and Windows);
   * docs/notifications.md "Actions". Resolves once its outcome is reported.
   */
  act(action: NotificationAction): Promise<void>;
  close(): Promise<void>;
}

/** Builds the Core that electron/main.ts and src/web both host. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const clock = options.clock ?? systemClock;
  const bus = new PushBus({ check: options.checkPushes ?? true });
  const prefs = new PreferencesStore(options.dataDir);
  const registry = new AccountRegistry(options.dataDir);
  // Asks for the accounts only when a picture comes or is served, long after they exist.
  const windowMemory = new WindowMemory(() => accounts.list().map((a) => a.id));
  await Promise.all([prefs.load(), registry.load()]);
  const secrets = options.secrets ?? (await openKeychainStore());
  const proxy = new ProxySettings(prefs, secrets, options.env ?? process.env);
  await proxy.load();

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
    secretStorage: secrets.kind,
    keychainBinding: await keychainBindingState(),
    startedAt,
    ...(options.notifyInRenderer ? { pageNotifications: true } : {}),
  };
  // Actions may come before the handlers they call exist; until then there is nothing to do.
  const act = { run: (_action: NotificationAction): Promise<void> => Promise.resolve() };
  // The host opens its window for a click; the renderer is told either way.
  const revealTarget = (target: OpenTarget) => {
    options.onReveal?.(target);
    bus.publish('notifications.open', target);
  };
  const hostSound =
    options.sound ?? (options.soundInRenderer ? new RendererSoundPlayer(bus) : undefined);
  const desktop =
    options.dbusNotifications && prefs.get().desktopNotifications !== false
      ? await openDesktopNotifications(
          options.dbusNotifications,
          {
            sound: hostSound,
            description: options.notifyInRenderer
              ? 'show in the open Perch tab only'
              : 'use the system notifications of the app',
          },
          (action: NotificationAction) => void act.run(action),
        )
      : undefined;
  if (desktop) info.notificationPath = desktop.path;
  else if (options.dbusNotifications) {
    info.notificationPath =
      "Notifying through the desktop's notification server (D-Bus) is turned off in Preferences.";
  }
  const status = (): CoreStatus => ({
    state,
    accounts: registry.list().length,
    uptimeSeconds: Math.max(0, Math.floor((clock.now() - startedAt) / 1000)),
  });

  // Demo accounts' words die with the run, like their server.
  const drafts = new DraftStore(options.dataDir, clock, (id) =>
    registry.get(id)?.demo ? undefined : secrets,
  );
  const cache = createAccountCache({
    dataDir: options.dataDir,
    clock,
    registry,
    secrets,
    // Read at each write, so a new limit holds from the next snapshot on.
    budgetBytes: () => {
      const mb = prefs.get().cacheBudgetMb;
      return mb === undefined ? DEFAULT_CACHE_BUDGET_BYTES : mb * 1024 * 1024;
    },
    // Activity shows the note with the account's connection.
    onNote: () => bus.publish('sync.status', sync.statuses()),
  });
  const droppedWrites = new Map<string, DroppedWriteNote>();
  const accounts = new AccountManager({
    registry,
    secrets,
    clock,
    onChange: (all) => {
      bus.publish(
        'accounts.changed',
        all.map((a) => accounts.summary(a)),
      );
      bus.publish('core.status', status());
    },
    onSignedIn: (account) => sync.startAccount(account.id).catch(() => undefined),
    onSigningOut: async (account) => {
      windowMemory.forgetPicture();
      await sync.stopAccount(account.id);
      await drafts.forget(account.id);
      await cache.keeper.forget(account.id);
    },
    proxyFor: (serverUrl) => proxy.routeFor(serverUrl),
  });
  const pageNotifier = options.notifyInRenderer ? new RendererNotifier(bus) : undefined;
  const sync = createSyncManager({
    clock,
    bus,
    accounts,
    adapters: {
      ...options,
      sound: desktop?.notifier ?? hostSound,
      notifier: desktop?.notifier ?? options.notifier ?? pageNotifier,
      badge: options.badge ?? (options.notifyInRenderer ? new RendererBadgeSink(bus) : undefined),
    },
    // Called once accounts run, by which time the keepers below exist.
    onHealthUpdate: (statuses) => parts.inbox.statuses(statuses),
    onHealthTurn: (healths) => {
      // Sends, writes and queued mark-reads made while out of reach go once the server
      // answers again.
      for (const [accountId, health] of healths) {
        if (health.state !== 'polling') continue;
        parts.inbox.serverAnswers(accountId);
        parts.outboxes.serverAnswers(accountId);
        // Answered since its last failure: a lost answer's read-back can reach the server now.
        if (health.failures === 0) parts.pendingActions.serverAnswers(accountId);
      }
    },
    dmMuted: (accountId, userIds, selfId) => isDmMuted(prefs.get(), accountId, userIds, selfId),
    droppedWrite: (accountId) => droppedWrites.get(accountId),
    cache,
  });
  const parts = createCoreParts(
    { clock, bus, accounts, sync, drafts, proxy },
    { keepMessages: options.messageStore ?? true },
  );
  cache.attach(sync, parts);
  parts.offlineWrites.onDropped = (accountId, write, reason) => {
    const note = droppedWriteNote(write, reason, clock.now());
    if (note === undefined) return;
    droppedWrites.set(accountId, note);
    bus.publish('sync.status', sync.statuses());
  };
  accounts.nameOf = (id) => {
    const state = sync.store(id)?.state;
    return state?.user(state.userId)?.full_name;
  };
  sync.attach(cache.storeParts(parts));

  const dndFile = new DndFile(options.dataDir);
  sync.dnd.restore(await dndFile.load());
  sync.dnd.onChange((dnd) => {
    bus.publish('dnd.changed', dnd);
    // A failed save costs only the restore after a restart; the choice holds for this run.
    dndFile.save(dnd).catch(() => undefined);
  });

  let demo: Promise<DemoServer> | undefined;
  const startDemo = async (): Promise<Account> => {
    demo ??= (options.demoServer ?? startEmbeddedDemo)().catch((err: unknown) => {
      demo = undefined;
      throw err;
    });
    const server = await demo;
    return accounts.signInWithKey({
      serverUrl: server.url,
      email: server.owner.email,
      apiKey: server.owner.apiKey,
      demo: true,
    });
  };
  // A demo account left by an earlier run points at a server that no longer exists.
  await accounts.forgetDemoAccounts();
  // Ids of an earlier Perch held the email; before anything reads under them.
  await migrateAccountIds({
    registry,
    secrets,
    drafts,
    forgetCache: (id) => cache.keeper.forget(id),
    prefs,
  });
  void accounts.restoreEmails().catch(() => undefined);

  const ctx: CoreContext = {
    info,
    clock,
    dataDir: options.dataDir,
    bus,
    prefs,
    accounts,
    proxy,
    sync,
    drafts,
    parts,
    status,
    startDemo,
    openNotifications: () => pageNotifier?.stillOpen() ?? [],
    window: windowMemory,
  };
  const handlers = createHandlers(ctx);
  const dispatchOptions = { trustResults: options.checkResults === false };
  const dbus = desktop?.notifier;
  const shownBy = dbus ?? options.notifier ?? pageNotifier;
  const actions = new NotificationActions({
    invoke: (channel, args) => dispatch(handlers, channel, args, dispatchOptions),
    subscribe: (listener, interest) => bus.subscribe(listener, interest),
    reveal: (target) => revealTarget(target),
    close: (id) => shownBy?.close(id),
    tell: (about, summary, body) => {
      if (dbus) dbus.tell(summary, body);
      else
        shownBy?.show({ ...about, id: `${about.id}|failed`, title: summary, body, messageIds: [] });
    },
    record: (accountId, messageId, action) => sync.recordAction(accountId, messageId, action),
  });
  act.run = (action) => actions.run(action);
  // Sends kept from an earlier run go out (lookup first) once the handlers are in place.
  parts.outboxes.resumeAll();
  // Actions an earlier run could not read back are read back once their queue answers.
  await resumePendingActions({ ...parts, accounts, drafts });
  await cache.preload(
    accounts
      .list()
      .filter((a) => !a.attention)
      .map((a) => a.id),
  );
  await watchStoredAccounts(sync, accounts);
  if (options.demo) await startDemo();
  state = 'ready';

  return {
    info,
    invoke: (channel, args) => dispatch(handlers, channel, args, dispatchOptions),
    subscribe: (listener, interest) => bus.subscribe(listener, interest),
    subscribeTurns: (listener, interest) =>
      subscribeTurns((l, i) => bus.subscribe(l, i), listener, interest, {
        gatherMs: PUSH_GATHER_MS,
        clock,
      }),
    status,
    windowPicture: () => {
      const picture = windowMemory.picture();
      // The page's theme is the App's to set, after its script: the picture comes first.
      return picture && { ...picture, theme: prefs.get().theme };
    },
    reveal: (target) => revealTarget(target),
    act: (action) => act.run(action),
    async close() {
      state = 'stopping';
      bus.publish('core.status', status());
      // Before the queues stop: a stop lets go of the kept messages the copy saves.
      await cache.keeper.close(registry.list().map((a) => a.id));
      await sync.close();
      parts.messages.sidebarPush.close();
      // No read-back of a lost answer outlives the Core.
      parts.pendingActions.close();
      desktop?.notifier?.disconnect();
      await accounts.close();
      await dndFile.settled();
      await parts.offlineWrites.settled();
      await drafts.close();
      if (demo) {
        await accounts.forgetDemoAccounts();
        await (await demo.catch(() => undefined))?.close();
      }
      // Last: a step above (an account's deactivation seen, the demo's accounts forgotten)
      // may have asked for a write of the accounts file.
      await registry.settled();
    },
  };
}
