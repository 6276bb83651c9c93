/** Spec 2.6 and 4.8 custom profile field rules, checked before anything is sent. */

export const FIELD_TYPES: { type: number; label: string; sinceLevel: number }[] = [
  { type: 1, label: 'Short text', sinceLevel: 0 },
  { type: 2, label: 'Paragraph', sinceLevel: 0 },
  { type: 3, label: 'Dropdown (list of choices)', sinceLevel: 0 },
  { type: 4, label: 'Date', sinceLevel: 0 },
  { type: 5, label: 'Link', sinceLevel: 0 },
  { type: 6, label: 'Users', sinceLevel: 0 },
  { type: 7, label: 'External account', sinceLevel: 0 },
  { type: 8, label: 'Pronouns', sinceLevel: 151 },
];

export const SUMMARY_LIMIT = 2;
const DROPDOWN = 3;
const EXTERNAL = 7;
/** The placeholder an external account's URL pattern must contain. */
export const USERNAME_PLACEHOLDER = '%(username)s';

export type FieldDraft = {
  name: string;
  hint: string;
  fieldType: number;
  choices: string[];
  subtype: string;
  urlPattern: string;
  inSummary: boolean;
  useForUserMatching: boolean;
};

export type FieldProblems = Partial<
  Record<'name' | 'choices' | 'subtype' | 'urlPattern' | 'inSummary' | 'matching', string>
>;

/** Why a type cannot be shown in the profile summary on this server, if it cannot. */
export function summaryUnsupported(fieldType: number, featureLevel: number): string | undefined {
  if (fieldType === 6) return 'Users fields cannot be shown in the profile summary.';
  if (fieldType === 2 && featureLevel < 476)
    return 'This server is too old to show paragraph fields in the profile summary; it needs a newer Zulip version.';
  return undefined;
}

export function checkField(
  d: FieldDraft,
  existing: { name: string; inSummary: boolean }[],
  featureLevel: number,
): FieldProblems {
  const p: FieldProblems = {};
  const name = d.name.trim();
  // An external account may go unnamed: the server names it after its subtype.
  if (name === '' && d.fieldType !== EXTERNAL) p.name = 'Give the field a name.';
  else if (name !== '' && existing.some((f) => f.name.toLowerCase() === name.toLowerCase()))
    p.name = 'A field with that name already exists.';
  if (d.fieldType === DROPDOWN) {
    const texts = d.choices.map((c) => c.trim());
    if (texts.filter((t) => t !== '').length === 0) p.choices = 'Add at least one choice.';
    else if (texts.some((t) => t === '')) p.choices = 'Every choice needs text.';
    else if (new Set(texts.map((t) => t.toLowerCase())).size !== texts.length)
      p.choices = 'Choices must differ.';
  }
  if (d.fieldType === EXTERNAL) {
    if (d.subtype.trim() === '') p.subtype = 'Name the kind of account.';
    else if (d.subtype.trim() === 'custom' && !d.urlPattern.includes(USERNAME_PLACEHOLDER))
      p.urlPattern = `A custom account's URL pattern must contain ${USERNAME_PLACEHOLDER}.`;
  }
  if (d.inSummary) {
    const unsupported = summaryUnsupported(d.fieldType, featureLevel);
    if (unsupported) p.inSummary = unsupported;
    else if (existing.filter((f) => f.inSummary).length >= SUMMARY_LIMIT)
      p.inSummary = `At most ${SUMMARY_LIMIT} fields in the whole organization can be in the summary.`;
  }
  if (d.useForUserMatching && d.fieldType !== 1 && d.fieldType !== EXTERNAL)
    p.matching = 'Only short text and external account fields can be used for user matching.';
  return p;
}

/** The field_data the server expects for types 3 and 7; none for the others. */
export function fieldData(d: FieldDraft): Record<string, unknown> | undefined {
  if (d.fieldType === DROPDOWN) {
    return Object.fromEntries(
      d.choices.map((text, i) => [String(i), { text: text.trim(), order: String(i) }]),
    );
  }
  if (d.fieldType === EXTERNAL) {
    const subtype = d.subtype.trim();
    return subtype === 'custom' ? { subtype, url_pattern: d.urlPattern.trim() } : { subtype };
  }
  return undefined;
}
