/**
 * GET and POST /realm/profile_fields (spec 4.8); upstream's reorder (PATCH with `order`),
 * update (PATCH /{field_id}) and delete (DELETE /{field_id}), all for administrators.
 */
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { presentProfileField } from '../state/present.ts';
import type { ProfileFieldRecord } from '../state/types.ts';
import { requireAdmin } from './gates.ts';
import { reorderMap } from './reorder.ts';

const SUMMARY_LIMIT = 2;
const TYPE_DROPDOWN = 3;
const TYPE_EXTERNAL = 7;
const TYPE_NAMES: Record<number, string> = {
  1: 'Short text',
  2: 'Paragraph',
  3: 'List of options',
  4: 'Date picker',
  5: 'Link',
  6: 'Users',
  7: 'External account',
  8: 'Pronouns',
};

export function register(router: Router): void {
  router.get('/realm/profile_fields', ({ ctx }) => ({ custom_fields: fieldList(ctx) }));

  router.post('/realm/profile_fields', ({ ctx, user, params }) => {
    requireAdmin(user);
    const { state } = ctx;
    const fieldType = params.int('field_type', { min: 1, max: state.featureLevel >= 151 ? 8 : 7 });
    const fieldData = readFieldData(params, fieldType);
    const name = (params.optString('name') ?? '').trim();
    const field: Omit<ProfileFieldRecord, 'id' | 'order'> = {
      name,
      hint: (params.optString('hint') ?? '').trim(),
      field_type: fieldType,
      field_data: fieldData,
      display_in_profile_summary: params.optBool('display_in_profile_summary') ?? false,
      required: params.optBool('required') ?? false,
      editable_by_user: params.optBool('editable_by_user') ?? true,
      use_for_user_matching: params.optBool('use_for_user_matching') ?? false,
    };
    checkField(ctx, field);
    const id = state.nextId('profile_field');
    state.profileFields.set(id, {
      id,
      ...field,
      name: name === '' ? String(fieldData.subtype ?? 'External account') : name,
      order: Math.max(id, ...[...state.profileFields.values()].map((f) => f.order + 1)),
    });
    emitFields(ctx);
    return { id };
  });

  // Upstream's reorder: `order` lists every field's id once (x-requires-administrator).
  router.patch('/realm/profile_fields', ({ ctx, user, params }) => {
    requireAdmin(user);
    reorderMap(
      ctx.state.profileFields,
      params.intList('order'),
      () => badRequest('Invalid order mapping.'),
      (f, i) => (f.order = i),
    );
    emitFields(ctx);
    return {};
  });

  // Upstream's update-custom-profile-field: the type stays; the other settings may change.
  router.patch('/realm/profile_fields/{field_id}', (req) => {
    const { ctx, user, params } = req;
    requireAdmin(user);
    const field = fieldById(ctx, req.pathInt('field_id'));
    const name = params.optString('name')?.trim();
    const data = params.has('field_data') ? readFieldData(params, field.field_type) : undefined;
    const next: ProfileFieldRecord = {
      ...field,
      ...(name !== undefined ? { name } : {}),
      hint: params.optString('hint')?.trim() ?? field.hint,
      field_data: data ?? field.field_data,
      display_in_profile_summary:
        params.optBool('display_in_profile_summary') ?? field.display_in_profile_summary,
      required: params.optBool('required') ?? field.required,
      editable_by_user: params.optBool('editable_by_user') ?? field.editable_by_user,
      use_for_user_matching: params.optBool('use_for_user_matching') ?? field.use_for_user_matching,
    };
    if (name === '' && field.field_type === TYPE_EXTERNAL) next.name = field.name;
    checkField(ctx, next, field.id);
    ctx.state.profileFields.set(field.id, next);
    if (field.field_type === TYPE_DROPDOWN) dropRemovedChoices(ctx, next);
    emitFields(ctx);
    return {};
  });

  router.delete('/realm/profile_fields/{field_id}', (req) => {
    const { ctx, user } = req;
    requireAdmin(user);
    const field = fieldById(ctx, req.pathInt('field_id'));
    ctx.state.profileFields.delete(field.id);
    for (const u of ctx.state.users.values()) u.profile_data.delete(field.id);
    emitFields(ctx);
    return {};
  });
}

function fieldById(ctx: ServerContext, id: number): ProfileFieldRecord {
  const field = ctx.state.profileFields.get(id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  return field;
}

/** The rules of spec 4.8, for a new field or a field as it would be after an edit. */
function checkField(
  ctx: ServerContext,
  f: Omit<ProfileFieldRecord, 'id' | 'order'>,
  selfId?: number,
): void {
  const { name, hint, field_type: fieldType } = f;
  if (fieldType !== TYPE_EXTERNAL && name === '') throw invalid('name', "can't be empty");
  if ([...name].length > 40) throw invalid('name', 'is too long');
  if ([...hint].length > 80) throw invalid('hint', 'is too long');
  const others = [...ctx.state.profileFields.values()].filter((o) => o.id !== selfId);
  for (const o of others) {
    if (name !== '' && o.name.toLowerCase() === name.toLowerCase())
      throw badRequest('A field with that label already exists.');
  }
  if (f.display_in_profile_summary) {
    if (fieldType === 6 || (fieldType === 2 && ctx.state.featureLevel < 476)) {
      throw badRequest(
        `'${TYPE_NAMES[fieldType]}' custom profile fields can't be selected for display in user profile summary.`,
      );
    }
    if (others.filter((o) => o.display_in_profile_summary).length >= SUMMARY_LIMIT)
      throw badRequest('Only 2 custom profile fields can be displayed in the profile summary.');
  }
  if (f.use_for_user_matching && fieldType !== 1 && fieldType !== TYPE_EXTERNAL) {
    throw badRequest('Only short text and external account fields can be used for user matching.');
  }
}

/** A value naming a choice that no longer exists is removed, as upstream does. */
function dropRemovedChoices(ctx: ServerContext, field: ProfileFieldRecord): void {
  for (const u of ctx.state.users.values()) {
    const value = u.profile_data.get(field.id);
    if (value !== undefined && !Object.hasOwn(field.field_data, value))
      u.profile_data.delete(field.id);
  }
}

function emitFields(ctx: ServerContext): void {
  ctx.events.emit(ctx.state.activeUserIds(), {
    type: 'custom_profile_fields',
    fields: fieldList(ctx),
  });
}

function fieldList(ctx: ServerContext): Record<string, unknown>[] {
  return [...ctx.state.profileFields.values()]
    .sort((a, b) => a.order - b.order)
    .map(presentProfileField);
}

/** Dropdowns need choices `{key: {text, order}}`; external accounts need a subtype. */
function readFieldData(params: Params, fieldType: number): Record<string, unknown> {
  const raw = params.optJson('field_data');
  if (raw === undefined) {
    if (fieldType === TYPE_DROPDOWN || fieldType === TYPE_EXTERNAL)
      throw invalid('field_data', 'is required for this field type');
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid('field_data', 'is not a dict');
  const data = raw as Record<string, unknown>;
  if (fieldType === TYPE_DROPDOWN) {
    const entries = Object.entries(data);
    if (entries.length === 0) throw invalid('field_data', 'must have at least one choice');
    for (const [, choice] of entries) {
      const c = choice as { text?: unknown; order?: unknown } | null;
      if (
        typeof c !== 'object' ||
        c === null ||
        typeof c.text !== 'string' ||
        c.text.trim() === '' ||
        typeof c.order !== 'string'
      ) {
        throw invalid('field_data', 'has an invalid choice');
      }
    }
  }
  if (fieldType === TYPE_EXTERNAL && typeof data.subtype !== 'string')
    throw invalid('field_data', 'needs a subtype');
  return data;
}
