/**
 * How the Core builds its SyncManager: clients and credential health from the
 * AccountManager, health and decisions pushed to every renderer, and the host's adapters
 * (recorders when the host passes none, as in tests).
 */
import { sameButEventFigures, statusPublisher } from './status-push.ts';
import type { AccountHealth } from './account-sync.ts';
import {
  CertificateChangedError,
  RealmDeactivatedError,
  UserDeactivatedError,
  type ApiError,
} from '../../api/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Attention } from '../accounts/account.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { BadgeSink, Notifier, SoundPlayer } from '../notify/notifier.ts';
import {
  RecordingBadgeSink,
  RecordingNotifier,
  RecordingSoundPlayer,
} from '../notify/recorders.ts';
import type { PushBus } from '../push-bus.ts';
import { SyncManager, type AccountSyncStatus, type SyncManagerOptions } from './manager.ts';

export interface HostAdapters {
  notifier?: Notifier | undefined;
  sound?: SoundPlayer | undefined;
  badge?: BadgeSink | undefined;
}

/** The queue only stops on these three credential errors; a rejected key is the third. */
function attentionCode(error: ApiError): Attention['code'] {
  if (error instanceof UserDeactivatedError) return 'USER_DEACTIVATED';
  if (error instanceof RealmDeactivatedError) return 'REALM_DEACTIVATED';
  return 'INVALID_API_KEY';
}

export function createSyncManager(deps: {
  clock: Clock;
  bus: PushBus;
  accounts: AccountManager;
  adapters: HostAdapters;
  /**
   * After a turn's health updates that changed more than each answer's event figures
   * (status-push.ts), with every account's status as that turn left it.
   */
  onHealthUpdate?: (statuses: AccountSyncStatus[]) => void;
  /**
   * After every turn's health updates, each answer of the server included, with the health
   * of each account updated in that turn.
   */
  onHealthTurn?: (healths: ReadonlyMap<string, AccountHealth>) => void;
  /** Whether the user muted a DM conversation in Perch (docs/notifications.md). */
  dmMuted?: SyncManagerOptions['dmMuted'];
  droppedWrite?: SyncManagerOptions['droppedWrite'];
  /** The account's copy on disk: read before its queue starts, deleted when its key is refused. */
  cache?: Pick<
    SyncManagerOptions,
    'beforeStart' | 'cacheStatus' | 'keepsSnapshots' | 'savedCopiesLetGo'
  > & {
    keyRefused: (accountId: string) => Promise<void>;
  };
}): SyncManager {
  const { accounts, bus, adapters } = deps;
  const publishStatus = statusPublisher((statuses) => bus.publish('sync.status', statuses));
  let healthDue = false;
  /** Each account's last health, and whether the turn's updates changed more than event figures. */
  const healths = new Map<string, AccountHealth>();
  let shownDue = false;
  /**
   * The accounts updated this turn: only those the server answered. All those ever seen
   * would keep a removed account's last health, and send its waiting writes, each turn.
   */
  let turn = new Map<string, AccountHealth>();
  const sync: SyncManager = new SyncManager({
    clock: deps.clock,
    notifier: adapters.notifier ?? new RecordingNotifier(),
    sound: adapters.sound ?? new RecordingSoundPlayer(),
    badge: adapters.badge ?? new RecordingBadgeSink(),
    clientFor: async (id) => (await accounts.clientFor(id)).client,
    onCredentialsRejected: async (id, error) => {
      if (error instanceof CertificateChangedError) return accounts.certificateChanged(id);
      await deps.cache?.keyRefused(id);
      return accounts.markAttention(id, attentionCode(error), error.msg || error.message);
    },
    ...(deps.cache?.beforeStart ? { beforeStart: deps.cache.beforeStart } : {}),
    ...(deps.cache?.cacheStatus ? { cacheStatus: deps.cache.cacheStatus } : {}),
    ...(deps.cache?.keepsSnapshots ? { keepsSnapshots: deps.cache.keepsSnapshots } : {}),
    ...(deps.cache?.savedCopiesLetGo ? { savedCopiesLetGo: deps.cache.savedCopiesLetGo } : {}),
    ...(deps.droppedWrite ? { droppedWrite: deps.droppedWrite } : {}),
    // Once per turn of the event loop: an incoming message ends every account's long-poll
    // and starts the next, each a health update or two, and each would build every
    // account's status again; what the turn left is what counts. An answer that moved only
    // the event figures changes nothing a window or the Inbox shows: no status is built.
    onHealth: ({ accountId, health }) => {
      const before = healths.get(accountId);
      healths.set(accountId, health);
      turn.set(accountId, health);
      if (!before || !sameButEventFigures(before, health)) shownDue = true;
      if (healthDue) return;
      healthDue = true;
      setImmediate(() => {
        healthDue = false;
        if (shownDue) {
          shownDue = false;
          // Built once for both: each build asks every account's health and cache status.
          const statuses = sync.statuses();
          publishStatus(statuses);
          deps.onHealthUpdate?.(statuses);
        }
        const answered = turn;
        turn = new Map();
        deps.onHealthTurn?.(answered);
      });
    },
    onDecisions: (accountId, entries) => bus.publish('sync.decisions', { accountId, entries }),
    ...(deps.dmMuted ? { dmMuted: deps.dmMuted } : {}),
  });
  return sync;
}

/** At Core start: watch every stored account that does not wait on the user. */
export async function watchStoredAccounts(sync: SyncManager, accounts: AccountManager) {
  for (const account of accounts.list()) {
    if (account.attention) continue;
    // A missing key is reported by clientFor itself (KEY_MISSING); the others still start.
    await sync.startAccount(account.id).catch(() => undefined);
  }
}
