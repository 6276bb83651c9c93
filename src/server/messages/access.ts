/** Which messages a user may read beyond the ones they received. */
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';

/**
 * Whether the viewer may read a channel's whole history, including messages they never
 * received: public channels they can see, and private ones whose history is open to
 * their subscribers.
 */
export function canReadChannelHistory(
  state: ServerState,
  viewer: UserRecord,
  streamId: number,
): boolean {
  const channel = state.channels.get(streamId);
  if (!channel) return false;
  if (channel.invite_only) {
    return (
      channel.history_public_to_subscribers &&
      state.subscription(viewer.user_id, streamId) !== undefined
    );
  }
  return state.canAccessChannel(viewer, channel);
}
