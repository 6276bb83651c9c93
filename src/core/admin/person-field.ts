/**
 * Custom profile fields of type "Users" (field_type 6, upstream's person picker) hold a JSON
 * list of user ids, e.g. "[12,31]". A reader wants the people's names, not their numbers.
 */
export const PERSON_FIELD = 6;

/** The names of the people a person field holds; someone unknown is "a former member". */
export function personFieldText(value: string, nameOf: (id: number) => string | undefined): string {
  let ids: unknown;
  try {
    ids = JSON.parse(value);
  } catch {
    return value;
  }
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'number')) return value;
  return (ids as number[]).map((id) => nameOf(id) ?? 'a former member').join(', ');
}
