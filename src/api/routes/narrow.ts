/** Narrow terms shared by GET /messages and POST /register (docs/api-notes.md "Narrows"). */
export type NarrowTerm =
  | { operator: string; operand: string | number | readonly number[]; negated?: boolean }
  | readonly [operator: string, operand: string];

export type Narrow = readonly NarrowTerm[];
