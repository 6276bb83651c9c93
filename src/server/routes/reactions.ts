/** POST and DELETE /messages/{message_id}/reactions (spec 2.3 and 4.13). */
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { addReaction, removeReaction, type EmojiParams } from '../messages/reactions.ts';
import { messaging } from '../messages/service.ts';

const REACTION_TYPES = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'] as const;

function emojiParams(params: Params, nameRequired: boolean): EmojiParams {
  return {
    emoji_name: nameRequired ? params.string('emoji_name') : params.optString('emoji_name'),
    emoji_code: params.optString('emoji_code'),
    reaction_type: params.optEnum('reaction_type', REACTION_TYPES),
  };
}

export function register(router: Router): void {
  router.post('/messages/{message_id}/reactions', (req) => {
    const id = req.pathInt('message_id');
    addReaction(messaging(req.ctx), req.user, id, emojiParams(req.params, true));
    return {};
  });
  router.delete('/messages/{message_id}/reactions', (req) => {
    const id = req.pathInt('message_id');
    removeReaction(
      messaging(req.ctx),
      req.user,
      id,
      emojiParams(req.params, false),
      req.ctx.state.featureLevel,
    );
    return {};
  });
}
