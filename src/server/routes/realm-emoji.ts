/**
 * GET /realm/emoji, POST /realm/emoji/{emoji_name} (upload-custom-emoji, rules in
 * emoji/upload-emoji.ts) and DELETE /realm/emoji/{emoji_name} (deactivate-custom-emoji): the
 * organization's custom emoji. Deactivating is for the emoji's author or an administrator;
 * the emoji stays listed, marked deactivated, so old reactions keep their image.
 */
import { ApiError } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { activeRealmEmojiNamed, emitRealmEmoji, realmEmojiDict } from '../emoji/realm-emoji.ts';
import { ROLE } from '../state/types.ts';
import { MAX_EMOJI_FILE_SIZE_MIB, uploadEmoji } from '../emoji/upload-emoji.ts';

export function register(router: Router): void {
  router.get('/realm/emoji', ({ ctx }) => ({ emoji: realmEmojiDict(ctx.state) }));

  router.post(
    '/realm/emoji/{emoji_name}',
    ({ ctx, user, path, files }) => {
      uploadEmoji(ctx, user, path.emoji_name ?? '', files);
      return {};
    },
    // Over the limit still answers in words; far past it the body is cut.
    { maxBodyBytes: () => 2 * MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024 + 64 * 1024 },
  );

  router.delete('/realm/emoji/{emoji_name}', (req) => {
    const { ctx, user } = req;
    const name = req.path.emoji_name ?? '';
    const emoji = activeRealmEmojiNamed(ctx.state, name);
    if (!emoji) {
      const status = ctx.state.featureLevel >= 190 ? 404 : 400;
      throw new ApiError('BAD_REQUEST', `Emoji '${name}' does not exist`, {}, status);
    }
    if (user.role > ROLE.admin && emoji.author_id !== user.user_id)
      throw new ApiError(
        'UNAUTHORIZED_PRINCIPAL',
        'Must be an organization administrator or emoji author',
      );
    emoji.deactivated = true;
    emitRealmEmoji(ctx);
    return {};
  });
}
