/** Who is online and people's statuses, read from the synced state; one's own status set. */
import type { Clock } from '../../lib/clock.ts';
import { updateStatus } from '../../api/routes/user-status.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { PresenceSnapshot, UserStatusWire } from '../../contract/schemas/presence.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { UserStatus } from '../model/state-types.ts';
import type { AccountStores } from '../store/account-stores.ts';
import { lastActive } from './presence-state.ts';

function statusWire(s: Readonly<UserStatus> | undefined): UserStatusWire | null {
  if (s === undefined) return null;
  return {
    ...(s.status_text ? { statusText: s.status_text } : {}),
    ...(s.emoji_name
      ? {
          emojiName: s.emoji_name,
          emojiCode: s.emoji_code ?? '',
          reactionType: s.reaction_type ?? '',
        }
      : {}),
    ...(s.away ? { away: true } : {}),
  };
}

export interface PresenceServiceDeps {
  clock: Clock;
  accounts: Pick<AccountManager, 'clientFor'>;
  sync: Pick<AccountStores, 'state'>;
}

export class PresenceService {
  readonly #deps: PresenceServiceDeps;

  constructor(deps: PresenceServiceDeps) {
    this.#deps = deps;
  }

  /** Everyone's presence at the Core's clock's now; before registration, nobody. */
  snapshot(accountId: string): PresenceSnapshot {
    const state = this.#deps.sync.state(accountId);
    const now = this.#deps.clock.now();
    const settings = state?.presenceSettings;
    const empty = {
      accountId,
      now,
      presenceDisabled: settings?.presenceDisabled ?? false,
      presenceEnabled: state?.settings.presence_enabled !== false,
      pingIntervalSeconds: settings?.pingIntervalSeconds ?? 60,
      offlineThresholdSeconds: settings?.offlineThresholdSeconds ?? 140,
    };
    if (state === undefined) return { ...empty, people: [] };
    const ids = new Set([...state.presences().keys(), ...state.userStatuses().keys()]);
    return {
      ...empty,
      people: [...ids].map((userId) => ({
        userId,
        presence: state.presenceStatus(userId, now),
        lastActive: lastActive(state.presence(userId)) ?? null,
        status: statusWire(state.userStatus(userId)),
      })),
    };
  }

  /** Changes only what the user changed: a field left out keeps its value on the server. */
  async setStatus(args: Args<'status.set'>): Promise<Result<'status.set'>> {
    const { accountId, statusText, emojiName, emojiCode, reactionType, away } = args;
    const { client } = await this.#deps.accounts.clientFor(accountId);
    await updateStatus(client, {
      ...(statusText !== undefined ? { status_text: statusText } : {}),
      ...(emojiName !== undefined ? { emoji_name: emojiName } : {}),
      ...(emojiCode !== undefined ? { emoji_code: emojiCode } : {}),
      ...(reactionType !== undefined ? { reaction_type: reactionType } : {}),
      ...(away !== undefined ? { away } : {}),
    });
    return {};
  }
}
