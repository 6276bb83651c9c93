/** GET and POST /realm/profile_fields (spec 4.8). */
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { presentProfileField } from '../state/present.ts';
import { requireAdmin } from './gates.ts';

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
    const hint = (params.optString('hint') ?? '').trim();
    const inSummary = params.optBool('display_in_profile_summary') ?? false;
    const required = params.optBool('required') ?? false;
    const editable = params.optBool('editable_by_user') ?? true;
    const matching = params.optBool('use_for_user_matching') ?? false;

    if (fieldType !== TYPE_EXTERNAL && name === '') throw invalid('name', "can't be empty");
    if ([...name].length > 40) throw invalid('name', 'is too long');
    if ([...hint].length > 80) throw invalid('hint', 'is too long');
    for (const f of state.profileFields.values()) {
      if (name !== '' && f.name.toLowerCase() === name.toLowerCase())
        throw badRequest('A field with that label already exists.');
    }
    if (inSummary) {
      if (fieldType === 6 || (fieldType === 2 && state.featureLevel < 476)) {
        throw badRequest(
          `'${TYPE_NAMES[fieldType]}' custom profile fields can't be selected for display in user profile summary.`,
        );
      }
      const shown = [...state.profileFields.values()].filter(
        (f) => f.display_in_profile_summary,
      ).length;
      if (shown >= SUMMARY_LIMIT)
        throw badRequest('Only 2 custom profile fields can be displayed in the profile summary.');
    }
    if (matching && fieldType !== 1 && fieldType !== TYPE_EXTERNAL) {
      throw badRequest(
        'Only short text and external account fields can be used for user matching.',
      );
    }

    const id = state.nextId('profile_field');
    state.profileFields.set(id, {
      id,
      name: name === '' ? String(fieldData.subtype ?? 'External account') : name,
      hint,
      field_type: fieldType,
      field_data: fieldData,
      display_in_profile_summary: inSummary,
      required,
      editable_by_user: editable,
      use_for_user_matching: matching,
      order: id,
    });
    ctx.events.emit(state.activeUserIds(), {
      type: 'custom_profile_fields',
      fields: fieldList(ctx),
    });
    return { id };
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
