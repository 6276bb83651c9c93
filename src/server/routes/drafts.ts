/**
 * GET and POST /drafts, PATCH and DELETE /drafts/{draft_id} (upstream's drafts endpoints):
 * a user's own drafts, refused while their `enable_drafts_synchronization` is off, each
 * change sent to their other clients as a `drafts` event.
 */
import { nowSeconds, type ServerContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { draftsOf, presentDraft, userDrafts, type DraftRecord } from '../drafts/store.ts';

type Fields = Omit<DraftRecord, 'id' | 'userId'>;

function requireSync(user: UserRecord): void {
  if (user.settings.enable_drafts_synchronization === false)
    throw badRequest('User has disabled synchronizing drafts.');
}

/** Upstream's further_validated_draft_dict, in its words. */
function validated(ctx: ServerContext, user: UserRecord, raw: unknown): Fields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest('Invalid draft');
  const d = raw as Record<string, unknown>;
  const { type, to, topic, content, timestamp } = d;
  if (type !== '' && type !== 'stream' && type !== 'private')
    throw badRequest('Invalid draft type');
  if (!Array.isArray(to) || !to.every((n) => Number.isInteger(n)))
    throw badRequest('Invalid draft recipients');
  if (typeof topic !== 'string' || typeof content !== 'string') throw badRequest('Invalid draft');
  if (content.includes('\0')) throw badRequest('Content must not contain null bytes');
  if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
  const when =
    typeof timestamp === 'number' && Number.isFinite(timestamp)
      ? Math.floor(timestamp)
      : nowSeconds(ctx);
  if (type === 'stream') {
    if (to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const channel = ctx.state.channels.get(to[0] as number);
    if (!channel || !ctx.state.canAccessChannel(user, channel))
      throw badRequest('Invalid channel ID');
    return { type, to: [channel.stream_id], topic, content, timestamp: when };
  }
  if (type === 'private') {
    for (const id of to as number[])
      if (!ctx.state.users.get(id)?.is_active) throw badRequest('Invalid user ID');
    return {
      type,
      to: [...(to as number[])].sort((a, b) => a - b),
      topic: '',
      content,
      timestamp: when,
    };
  }
  return { type, to: [], topic: '', content, timestamp: when };
}

function ownDraft(ctx: ServerContext, user: UserRecord, id: number): DraftRecord {
  const draft = draftsOf(ctx.state).get(id);
  if (!draft || draft.userId !== user.user_id) throw notFound('Draft does not exist');
  return draft;
}

export function register(router: Router): void {
  router.get('/drafts', ({ ctx, user }) => ({
    count: userDrafts(ctx.state, user.user_id).length,
    drafts: userDrafts(ctx.state, user.user_id),
  }));

  router.post('/drafts', ({ ctx, user, params }) => {
    requireSync(user);
    const list = params.optJson('drafts') ?? [];
    if (!Array.isArray(list)) throw badRequest('drafts is not a list');
    // All checked before any is kept: nothing half-applied.
    const checked = list.map((d) => validated(ctx, user, d));
    const made = checked.map((fields) => {
      const draft = { id: ctx.state.nextId('draft'), userId: user.user_id, ...fields };
      draftsOf(ctx.state).set(draft.id, draft);
      return draft;
    });
    ctx.events.emit([user.user_id], { type: 'drafts', op: 'add', drafts: made.map(presentDraft) });
    return { ids: made.map((d) => d.id) };
  });

  router.patch('/drafts/{draft_id}', (req) => {
    const { ctx, user, params } = req;
    requireSync(user);
    const draft = ownDraft(ctx, user, req.pathInt('draft_id'));
    Object.assign(draft, validated(ctx, user, params.json('draft')));
    ctx.events.emit([user.user_id], { type: 'drafts', op: 'update', draft: presentDraft(draft) });
    return {};
  });

  router.delete('/drafts/{draft_id}', (req) => {
    const { ctx, user } = req;
    requireSync(user);
    const draft = ownDraft(ctx, user, req.pathInt('draft_id'));
    draftsOf(ctx.state).delete(draft.id);
    ctx.events.emit([user.user_id], { type: 'drafts', op: 'remove', draft_id: draft.id });
    return {};
  });
}
