/** Who is online and people's statuses. */
import { updateStatus } from '../../../api/routes/user-status.ts';
import { lastActive } from '../../presence/presence-state.ts';
import type { CoreContext } from '../../context.ts';
import type { UserStatus } from '../../model/state-types.ts';
import type { HandlerTable } from '../dispatch.ts';
import type { PresenceSnapshot, UserStatusWire } from '../../../contract/schemas/presence.ts';

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

export function presenceHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'presence.window' | 'presence.get' | 'status.set'> {
  return {
    'presence.window': async ({ state }) => {
      ctx.sync.setWindow(state);
      return {};
    },
    'presence.get': async ({ accountId }): Promise<PresenceSnapshot> => {
      const state = ctx.sync.state(accountId);
      const now = ctx.clock.now();
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
    },
    'status.set': async ({ accountId, statusText, emojiName, emojiCode, reactionType, away }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      await updateStatus(client, {
        ...(statusText !== undefined ? { status_text: statusText } : {}),
        ...(emojiName !== undefined ? { emoji_name: emojiName } : {}),
        ...(emojiCode !== undefined ? { emoji_code: emojiCode } : {}),
        ...(reactionType !== undefined ? { reaction_type: reactionType } : {}),
        ...(away !== undefined ? { away } : {}),
      });
      return {};
    },
  };
}
