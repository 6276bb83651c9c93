/**
 * POST /realm/emoji/{emoji_name} (upload-custom-emoji): who may add one, which names and
 * images are accepted, in upstream's words, then the record and the `realm_emoji` event.
 */
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { UploadedFile } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { activeRealmEmojiNamed, addRealmEmoji, emitRealmEmoji } from './realm-emoji.ts';

/** Upstream's MAX_EMOJI_FILE_SIZE_MIB. */
export const MAX_EMOJI_FILE_SIZE_MIB = 5;
const MIB = 1024 * 1024;

/** Image types a custom emoji may be; SVG is left out, as upstream leaves it out. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Upstream's check_valid_emoji_name: spaces become underscores, case does not count. */
export function emojiNameFrom(raw: string): string {
  const name = raw.trim().replace(/ /g, '_').toLowerCase();
  if (name === '') throw badRequest('Emoji name is missing');
  if (!/^[0-9a-z_-]+$/.test(name))
    throw badRequest(
      'Emoji names must contain only lowercase alphanumeric characters, dashes, and underscores.',
    );
  if (/[_-]$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
  return name;
}

export function uploadEmoji(
  ctx: ServerContext,
  user: UserRecord,
  rawName: string,
  files: readonly UploadedFile[],
): void {
  const name = emojiNameFrom(rawName);
  if (!ctx.state.groupMembers(ctx.state.realm.can_add_custom_emoji_group).has(user.user_id))
    throw badRequest('Insufficient permission');
  if (activeRealmEmojiNamed(ctx.state, name))
    throw badRequest('A custom emoji with this name already exists.');
  if (files.length !== 1) throw badRequest('You must upload exactly one file.');
  const file = files[0]!;
  if (file.bytes.length > MAX_EMOJI_FILE_SIZE_MIB * MIB)
    throw badRequest(
      `Uploaded file is larger than the allowed limit of ${MAX_EMOJI_FILE_SIZE_MIB} MiB`,
    );
  const extension = EXTENSIONS[file.type.toLowerCase()];
  if (!extension) throw badRequest('Invalid image format');
  addRealmEmoji(ctx.state, name, user.user_id, {
    contentType: file.type.toLowerCase(),
    bytes: file.bytes,
    extension,
  });
  emitRealmEmoji(ctx);
}
