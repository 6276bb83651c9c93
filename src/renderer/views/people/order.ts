/** Finding people in the People list by name. */
import type { PersonPresence } from '../../../contract/schemas/people.ts';

/** The rows whose name holds every word typed, in any order, any case. */
export function filterByName(
  rows: readonly PersonPresence[],
  text: string,
): readonly PersonPresence[] {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((p) => {
    const name = p.name.toLocaleLowerCase();
    return words.every((w) => name.includes(w));
  });
}
