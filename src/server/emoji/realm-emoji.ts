/**
 * The organization's custom emoji: how they are listed (GET /realm/emoji, the register
 * section and the `realm_emoji` event all carry the same dictionary keyed by id), where
 * their images live, and lookups for reactions.
 */
import type { ServerContext } from '../context.ts';
import type { ServerState } from '../state/state.ts';
import type { RealmEmojiRecord } from '../state/types.ts';

// Upstream keeps uploaded emoji under the realm's id; this server has one realm.
const REALM_ID = 2;
export const EMOJI_IMAGE_PATH = /^\/user_avatars\/2\/emoji\/images\/(\d+)\.([a-z]+)$/;

export function emojiSourceUrl(e: RealmEmojiRecord): string {
  return `/user_avatars/${REALM_ID}/emoji/images/${e.id}.${e.image.extension}`;
}

export function presentRealmEmoji(e: RealmEmojiRecord): Record<string, unknown> {
  return {
    id: e.id,
    name: e.name,
    source_url: emojiSourceUrl(e),
    still_url: null,
    deactivated: e.deactivated,
    author_id: e.author_id,
  };
}

export function realmEmojiDict(state: ServerState): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    [...state.realmEmoji.values()].map((e) => [e.id, presentRealmEmoji(e)]),
  );
}

export function activeRealmEmojiNamed(
  state: ServerState,
  name: string,
): RealmEmojiRecord | undefined {
  return [...state.realmEmoji.values()].find((e) => e.name === name && !e.deactivated);
}

/** The `realm_emoji` update event to everyone, with the whole dictionary as upstream sends it. */
export function emitRealmEmoji(ctx: ServerContext): void {
  ctx.events.emit(ctx.state.activeUserIds(), {
    type: 'realm_emoji',
    op: 'update',
    realm_emoji: realmEmojiDict(ctx.state),
  });
}

export function addRealmEmoji(
  state: ServerState,
  name: string,
  authorId: number | null,
  image: RealmEmojiRecord['image'],
): RealmEmojiRecord {
  const id = String(state.nextId('realm_emoji'));
  const record: RealmEmojiRecord = { id, name, author_id: authorId, deactivated: false, image };
  state.realmEmoji.set(id, record);
  return record;
}
