/**
 * A person's custom profile fields as values a reader can use: a choice's words instead of
 * its key, the names of the people a user-type field lists, and web links for link and
 * external-account fields. Fields the person left empty are left out, in the
 * organization's order.
 */
import type { CardField } from '../../contract/schemas/people.ts';

/** Upstream's field types (custom_profile_fields `type`). */
const CHOICE = 3;
const LINK = 5;
const USERS = 6;
const EXTERNAL = 7;

/** Upstream's built-in external account kinds and where each one's profile lives. */
const EXTERNAL_URLS: Readonly<Record<string, string>> = {
  github: 'https://github.com/%(username)s',
  twitter: 'https://twitter.com/%(username)s',
};

export interface FieldDefinition {
  id: number;
  name: string;
  field_type: number;
  field_data: Record<string, unknown>;
}

/** Only web addresses become links: a profile value is anyone's text. */
function webAddress(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function choiceText(field: FieldDefinition, key: string): string {
  const choice = field.field_data[key] as { text?: unknown } | undefined;
  return typeof choice?.text === 'string' ? choice.text : key;
}

function userIds(value: string): number[] {
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function externalHref(field: FieldDefinition, value: string): string | undefined {
  const subtype = field.field_data['subtype'];
  const pattern =
    subtype === 'custom' ? field.field_data['url_pattern'] : EXTERNAL_URLS[String(subtype)];
  if (typeof pattern !== 'string') return undefined;
  return webAddress(pattern.replace('%(username)s', encodeURIComponent(value)));
}

export function cardFields(
  definitions: readonly FieldDefinition[],
  values: Readonly<Record<string, { value: string }>>,
  nameOf: (userId: number) => string,
): CardField[] {
  const out: CardField[] = [];
  for (const field of definitions) {
    const value = values[String(field.id)]?.value;
    if (value === undefined || value === '') continue;
    const base = { name: field.name };
    if (field.field_type === CHOICE) {
      out.push({ ...base, kind: 'text', text: choiceText(field, value) });
    } else if (field.field_type === USERS) {
      const people = userIds(value).map((userId) => ({ userId, name: nameOf(userId) }));
      if (people.length === 0) continue;
      out.push({ ...base, kind: 'people', text: people.map((p) => p.name).join(', '), people });
    } else if (field.field_type === LINK || field.field_type === EXTERNAL) {
      const href = field.field_type === LINK ? webAddress(value) : externalHref(field, value);
      out.push({ ...base, kind: href ? 'link' : 'text', text: value, ...(href ? { href } : {}) });
    } else {
      out.push({ ...base, kind: 'text', text: value });
    }
  }
  return out;
}
