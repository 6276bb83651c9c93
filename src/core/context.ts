import type { Clock } from '../lib/clock.ts';
import type { PushBus } from './push-bus.ts';
import type { PreferencesStore } from './prefs.ts';
import type { AppInfo, CoreStatus } from '../contract/contract.ts';
import type { AccountManager } from './accounts/manager.ts';
import type { Account } from './accounts/account.ts';
import type { SyncManager } from './sync/manager.ts';
import type { ProxySettings } from './network/proxy-settings.ts';
import type { ShownNotification } from './notify/notifier.ts';
import type { DraftStore } from './compose/drafts.ts';
import type { CoreParts } from './core-parts.ts';
import type { WindowMemory } from './window-memory.ts';

/** What handlers can reach: the Core's services, never the transports. */
export interface CoreContext {
  readonly info: AppInfo;
  readonly clock: Clock;
  readonly dataDir: string;
  readonly bus: PushBus;
  readonly prefs: PreferencesStore;
  readonly accounts: AccountManager;
  /** The proxy each server is reached through (Preferences or the environment). */
  readonly proxy: ProxySettings;
  /** Background event queues, notifications and the "why" log of every account. */
  readonly sync: SyncManager;
  /** Unsent drafts per account, kept across restarts. */
  readonly drafts: DraftStore;
  /** The keepers each account's store calls in its event order (core-parts.ts). */
  readonly parts: CoreParts;
  /** Where the last window was left, and its picture (docs/architecture.md "No window"). */
  readonly window: WindowMemory;
  status(): CoreStatus;
  /** Browser mode: the notifications the page should still show (none in Electron). */
  openNotifications(): ShownNotification[];
  /** Starts the embedded demo organization (once) and signs in as its owner. */
  startDemo(): Promise<Account>;
}
