/** What a defaults edit would send, and reading an exported defaults file back (spec 4.1). */
import {
  DEFAULTS_PARAM_NAMES,
  DefaultsValues,
  paramSinceLevel,
  type DefaultsParam,
} from '../../../../contract/schemas/admin-org.ts';
import type { DefaultValue } from './defaults-catalog.ts';

export type Change = { name: DefaultsParam; from: unknown; to: DefaultValue };

/** Only the fields whose value differs from the server's: nothing else is sent. */
export function changedFields(
  current: Readonly<Record<string, unknown>>,
  draft: Readonly<Partial<Record<DefaultsParam, DefaultValue>>>,
): Change[] {
  const out: Change[] = [];
  for (const name of DEFAULTS_PARAM_NAMES) {
    const to = draft[name];
    if (to !== undefined && to !== current[name]) out.push({ name, from: current[name], to });
  }
  return out;
}

/**
 * The server's defaults as a file: the spec 4.1 parameters only, in spec order. A null
 * (twenty_four_hour_time's "Automatic") cannot be sent back, so it is left out.
 */
export function exportDefaults(current: Readonly<Record<string, unknown>>): string {
  const picked: Record<string, unknown> = {};
  for (const name of DEFAULTS_PARAM_NAMES) {
    if (current[name] !== undefined && current[name] !== null) picked[name] = current[name];
  }
  return JSON.stringify(picked, null, 2) + '\n';
}

export type ImportResult =
  | { ok: true; values: Partial<Record<DefaultsParam, DefaultValue>>; skipped: DefaultsParam[] }
  | { ok: false; problems: string[] };

/**
 * Validates a file with the same schema the Core checks changes against; settings this
 * server's feature level lacks are skipped and named rather than sent.
 */
export function importDefaults(text: string, featureLevel: number): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problems: ['The file is not JSON.'] };
  }
  const parsed = DefaultsValues.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => {
        if (i.code === 'unrecognized_keys') return `Unknown settings: ${i.keys.join(', ')}`;
        const where = i.path.map(String).join('.');
        return where ? `${where}: ${i.message}` : i.message;
      }),
    };
  }
  const values: Partial<Record<DefaultsParam, DefaultValue>> = {};
  const skipped: DefaultsParam[] = [];
  for (const name of DEFAULTS_PARAM_NAMES) {
    const value = parsed.data[name];
    if (value === undefined) continue;
    if (paramSinceLevel(name) > featureLevel) skipped.push(name);
    else values[name] = value;
  }
  return { ok: true, values, skipped };
}
