/**
 * POST /users/me/subscriptions/properties and PATCH /users/me/subscriptions/{stream_id}
 * (spec 4.11). Changing is_muted or in_home_view emits one event per property (FL 139).
 */
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { SUBSCRIPTION_NOTIFY_PROPERTIES } from '../state/types.ts';

const PROPERTIES = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  ...SUBSCRIPTION_NOTIFY_PROPERTIES,
] as const;

interface Change {
  stream_id: number;
  property: string;
  value: unknown;
}

export function register(router: Router): void {
  router.post('/users/me/subscriptions/properties', ({ ctx, user, params }) => {
    const raw = params.json('subscription_data');
    if (!Array.isArray(raw)) throw invalid('subscription_data', 'is not a list');
    const changes = raw.map((item: unknown): Change => {
      const o = item as Partial<Change> | null;
      if (
        typeof o !== 'object' ||
        o === null ||
        !Number.isSafeInteger(o.stream_id) ||
        typeof o.property !== 'string'
      ) {
        throw invalid('subscription_data', 'has an invalid entry');
      }
      if (!('value' in o)) throw invalid('subscription_data', 'has an entry without value');
      return { stream_id: o.stream_id as number, property: o.property, value: o.value };
    });
    for (const c of changes) validate(ctx, user, c);
    for (const c of changes) apply(ctx, user, c);
    return { subscription_data: changes };
  });

  router.patch('/users/me/subscriptions/{stream_id}', (req) => {
    const { ctx, user, params } = req;
    const property = params.string('property');
    const text = params.string('value');
    let value: unknown = text;
    if (text === 'true' || text === 'false' || text.startsWith('"')) value = params.json('value');
    const change = { stream_id: req.pathInt('stream_id'), property, value };
    validate(ctx, user, change);
    apply(ctx, user, change);
    return {};
  });
}

function validate(ctx: ServerContext, user: UserRecord, c: Change): void {
  const channel = ctx.state.channels.get(c.stream_id);
  if (!channel || !ctx.state.canAccessChannel(user, channel))
    throw badRequest(`Invalid channel ID: ${c.stream_id}`);
  if (!ctx.state.subscription(user.user_id, c.stream_id))
    throw badRequest(`Not subscribed to channel ID ${c.stream_id}`);
  if (!(PROPERTIES as readonly string[]).includes(c.property))
    throw badRequest(`Unknown subscription property: ${c.property}`);
  if (c.property === 'color') {
    if (typeof c.value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(c.value))
      throw invalid('color', 'is not a valid hex color code');
  } else if (typeof c.value !== 'boolean') {
    throw invalid(c.property, 'is not a boolean');
  }
}

function apply(ctx: ServerContext, user: UserRecord, c: Change): void {
  const sub = ctx.state.subscription(user.user_id, c.stream_id);
  if (!sub) return;
  const emit = (property: string, value: unknown) =>
    ctx.events.emit([user.user_id], {
      type: 'subscription',
      op: 'update',
      stream_id: c.stream_id,
      property,
      value,
    });
  if (c.property === 'is_muted' || c.property === 'in_home_view') {
    const muted = c.property === 'is_muted' ? (c.value as boolean) : !(c.value as boolean);
    sub.is_muted = muted;
    if (ctx.state.featureLevel >= 139) {
      emit('in_home_view', !muted);
      emit('is_muted', muted);
    } else emit(c.property, c.value);
    return;
  }
  if (c.property === 'color') sub.color = (c.value as string).toLowerCase();
  else if (c.property === 'pin_to_top') sub.pin_to_top = c.value as boolean;
  else
    sub.notify[c.property as (typeof SUBSCRIPTION_NOTIFY_PROPERTIES)[number]] = c.value as boolean;
  emit(c.property, c.property === 'color' ? sub.color : c.value);
}
