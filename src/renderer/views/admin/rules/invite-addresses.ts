/**
 * Reading invitation addresses from what people paste or export: separated by commas,
 * semicolons, spaces or new lines, as "Name <address>" or "\"Last, First\" <address>",
 * or as a column of a CSV file.
 */

export type Address = { address: string; valid: boolean };

// Deliberately loose: one @, something on each side, a dot in the domain; the server decides.
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

// A quoted name, an <address>, a separator, or a bare word.
const TOKEN = /"([^"]*)"?|<([^<>]*)>|([,;\n])|([^\s,;<>"]+)/g;

/** Each address once (case-insensitively), in order; words that are no address are kept, flagged. */
export function parseAddresses(text: string): Address[] {
  const seen = new Set<string>();
  const out: Address[] = [];
  const add = (raw: string) => {
    const address = raw.trim();
    if (address === '' || seen.has(address.toLowerCase())) return;
    seen.add(address.toLowerCase());
    out.push({ address, valid: EMAIL.test(address) });
  };
  // Words seen since the last address: a display name if an <address> follows, else a typo.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) add(pending.join(' '));
    pending = [];
  };
  for (const [, quoted, angled, separator, word] of text.matchAll(TOKEN)) {
    if (quoted !== undefined) pending.push(quoted);
    else if (angled !== undefined) {
      pending = [];
      add(angled);
    } else if (separator !== undefined) flush();
    else if (word?.includes('@')) {
      flush();
      add(word);
    } else if (word !== undefined) pending.push(word);
  }
  flush();
  return out;
}

/** RFC 4180 fields: quoted fields may hold commas, new lines and doubled quotes. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export type CsvAddresses = {
  addresses: string[];
  /** The header of the column read, or its position ("column 2") when there is no header. */
  column: string;
};

const HEADER = /^\s*e-?mail/i;

/**
 * The addresses in a CSV export: the column headed "Email" (or "E-mail address"...), or
 * without a header the column where most cells hold an @.
 */
export function addressesFromCsv(text: string): CsvAddresses {
  const rows = csvRows(text);
  const first = rows[0] ?? [];
  const headed = first.findIndex((f) => HEADER.test(f) && !f.includes('@'));
  if (headed >= 0)
    return {
      addresses: values(rows.slice(1), headed),
      column: `“${first[headed]?.trim()}”`,
    };
  const width = Math.max(0, ...rows.map((r) => r.length));
  let best = 0;
  let bestCount = -1;
  for (let col = 0; col < width; col++) {
    const count = rows.filter((r) => r[col]?.includes('@')).length;
    if (count > bestCount) [best, bestCount] = [col, count];
  }
  // A header that does not say "email" is still a header when its cell has no @.
  const body = first[best]?.includes('@') === false && rows.length > 1 ? rows.slice(1) : rows;
  return { addresses: values(body, best), column: `column ${best + 1}` };
}

function values(rows: string[][], col: number): string[] {
  return rows.map((r) => (r[col] ?? '').trim()).filter((v) => v !== '');
}
