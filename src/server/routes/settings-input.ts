/** Reads the personal settings present in a request, validated against the settings table. */
import { invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { SettingKind } from '../state/settings.ts';
import type { SettingValue } from '../state/types.ts';

export function readSettings(
  params: Params,
  table: Record<string, { kind: SettingKind }>,
  featureLevel: number,
): Map<string, SettingValue> {
  const out = new Map<string, SettingValue>();
  for (const [name, { kind }] of Object.entries(table)) {
    if (!params.has(name)) continue;
    out.set(name, readOne(params, name, kind, featureLevel));
  }
  return out;
}

function readOne(
  params: Params,
  name: string,
  kind: SettingKind,
  featureLevel: number,
): SettingValue {
  if (kind.type === 'bool') return params.bool(name);
  if (kind.type === 'int') {
    const v = params.int(name, { min: kind.min, max: kind.max });
    if (kind.values && !kind.values.includes(v)) throw invalid(name);
    return v;
  }
  let v = params.string(name);
  // Clients may JSON-encode string values.
  if (v.startsWith('"')) {
    const parsed = params.json(name);
    if (typeof parsed !== 'string') throw invalid(name);
    v = parsed;
  }
  if (name === 'web_home_view') return homeView(v, featureLevel);
  if (kind.values && !kind.values.includes(v)) throw invalid(name);
  if (kind.maxLength !== undefined && [...v].length > kind.maxLength)
    throw invalid(name, 'is too long');
  return v;
}

/** The recent view was `recent_topics` before FL 454; it is stored under its new name. */
function homeView(v: string, featureLevel: number): string {
  const recent = featureLevel >= 454 ? 'recent' : 'recent_topics';
  if (v === recent) return 'recent';
  if (v === 'inbox' || v === 'all_messages') return v;
  throw invalid('web_home_view');
}
