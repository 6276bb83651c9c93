/**
 * Editing a custom profile field (upstream PATCH /realm/profile_fields/{field_id}): what
 * the form starts from, and only the settings that changed, at the levels upstream has them.
 */
import type { ProfileFieldSummary } from '../../../../contract/schemas/admin-org.ts';
import type { FieldDraft } from '../rules/profile-field-rules.ts';

const DROPDOWN = 3;
/** Upstream levels of the settings an update may carry (mirrors the API binding). */
export const SETTING_LEVELS = { inSummary: 146, required: 244, editableByUser: 296 } as const;

/** A list choice: existing ones keep their key, so the values users picked stay theirs. */
export type Choice = { key: string | undefined; text: string };

export type FieldEdit = {
  name: string;
  hint: string;
  choices: Choice[];
  inSummary: boolean;
  required: boolean;
  editableByUser: boolean;
};

export function startEdit(f: ProfileFieldSummary): FieldEdit {
  return {
    name: f.name,
    hint: f.hint,
    choices: f.fieldType === DROPDOWN ? choicesOf(f.fieldData) : [],
    inSummary: f.inSummary,
    required: f.required,
    editableByUser: f.editableByUser,
  };
}

function choicesOf(data: Record<string, unknown>): Choice[] {
  return Object.entries(data)
    .map(([key, v]) => {
      const c = v as { text?: unknown; order?: unknown } | null;
      return { key, text: String(c?.text ?? ''), order: Number(c?.order ?? 0) };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ key, text }) => ({ key, text }));
}

/** The draft the creation rules check, so an edit meets the same rules as a new field. */
export function asDraft(f: ProfileFieldSummary, e: FieldEdit): FieldDraft {
  const subtype = typeof f.fieldData['subtype'] === 'string' ? f.fieldData['subtype'] : '';
  const urlPattern =
    typeof f.fieldData['url_pattern'] === 'string' ? f.fieldData['url_pattern'] : '';
  return {
    name: e.name,
    hint: e.hint,
    fieldType: f.fieldType,
    choices: e.choices.map((c) => c.text),
    subtype,
    urlPattern,
    inSummary: e.inSummary,
    useForUserMatching: false,
  };
}

function choiceData(choices: readonly Choice[]): Record<string, unknown> {
  const used = choices.flatMap((c) => (c.key !== undefined ? [Number(c.key)] : []));
  let next = Math.max(-1, ...used.filter(Number.isFinite)) + 1;
  return Object.fromEntries(
    choices.map((c, i) => [c.key ?? String(next++), { text: c.text.trim(), order: String(i) }]),
  );
}

export type FieldChanges = {
  name?: string;
  hint?: string;
  fieldData?: Record<string, unknown>;
  displayInProfileSummary?: boolean;
  required?: boolean;
  editableByUser?: boolean;
};

/** What differs from the field as it is, and what this server's level can change. */
export function changesOf(f: ProfileFieldSummary, e: FieldEdit, level: number): FieldChanges {
  const out: FieldChanges = {};
  if (e.name.trim() !== f.name) out.name = e.name.trim();
  if (e.hint.trim() !== f.hint) out.hint = e.hint.trim();
  if (f.fieldType === DROPDOWN) {
    const data = choiceData(e.choices);
    if (JSON.stringify(data) !== JSON.stringify(f.fieldData)) out.fieldData = data;
  }
  if (level >= SETTING_LEVELS.inSummary && e.inSummary !== f.inSummary)
    out.displayInProfileSummary = e.inSummary;
  if (level >= SETTING_LEVELS.required && e.required !== f.required) out.required = e.required;
  if (level >= SETTING_LEVELS.editableByUser && e.editableByUser !== f.editableByUser)
    out.editableByUser = e.editableByUser;
  return out;
}

/** Whether two versions of a field differ in anything the editor shows. */
export function sameField(a: ProfileFieldSummary, b: ProfileFieldSummary): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
