/**
 * Typed access to request parameters (query for GET, form body otherwise). Every accessor
 * validates and throws the spec's error: REQUEST_VARIABLE_MISSING with var_name when a
 * required one is absent, BAD_REQUEST naming the parameter when a value is malformed.
 * Reads are recorded so the response can list `ignored_parameters_unsupported`.
 */
import { ApiError, invalid, missing } from './errors.ts';

interface Range {
  min?: number;
  max?: number;
}

export class Params {
  private readonly values: Map<string, string>;
  private readonly read = new Set<string>();

  constructor(values: Map<string, string>) {
    this.values = values;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Names given by the client that no accessor has looked at. */
  unread(): string[] {
    return [...this.values.keys()].filter((k) => !this.read.has(k));
  }

  /** Throws BAD_REQUEST with `parameters` when two or more of `names` were given. */
  incompatible(...names: string[]): void {
    const given = names.filter((n) => this.values.has(n));
    if (given.length >= 2) {
      throw new ApiError('BAD_REQUEST', `Unsupported parameter combination: ${given.join(', ')}`, {
        parameters: given.join(', '),
      });
    }
  }

  private raw(name: string): string | undefined {
    this.read.add(name);
    return this.values.get(name);
  }

  private need(name: string): string {
    const v = this.raw(name);
    if (v === undefined) throw missing(name);
    return v;
  }

  string(name: string): string {
    return this.need(name);
  }

  optString(name: string): string | undefined {
    return this.raw(name);
  }

  /** A string that must not be empty once trimmed. */
  nonEmpty(name: string): string {
    const v = this.need(name);
    if (v.trim() === '') throw invalid(name, "can't be empty");
    return v;
  }

  int(name: string, range: Range = {}): number {
    return parseInt(name, this.need(name), range);
  }

  optInt(name: string, range: Range = {}): number | undefined {
    const v = this.raw(name);
    return v === undefined ? undefined : parseInt(name, v, range);
  }

  /** Integer or JSON null; `undefined` when absent. */
  optNullableInt(name: string, range: Range = {}): number | null | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (v === 'null') return null;
    return parseInt(name, v, range);
  }

  bool(name: string): boolean {
    return parseBool(name, this.need(name));
  }

  optBool(name: string): boolean | undefined {
    const v = this.raw(name);
    return v === undefined ? undefined : parseBool(name, v);
  }

  json(name: string): unknown {
    return parseJson(name, this.need(name));
  }

  optJson(name: string): unknown {
    const v = this.raw(name);
    return v === undefined ? undefined : parseJson(name, v);
  }

  intList(name: string): number[] {
    return asIntList(name, this.json(name));
  }

  optIntList(name: string): number[] | undefined {
    const v = this.optJson(name);
    return v === undefined ? undefined : asIntList(name, v);
  }

  stringList(name: string): string[] {
    return asStringList(name, this.json(name));
  }

  optStringList(name: string): string[] | undefined {
    const v = this.optJson(name);
    return v === undefined ? undefined : asStringList(name, v);
  }

  /** One of a fixed set of strings. */
  optEnum<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    // Clients JSON-encode strings sometimes; accept both forms.
    const s = v.startsWith('"') ? jsonString(name, v) : v;
    if (!(allowed as readonly string[]).includes(s)) throw invalid(name);
    return s as T;
  }
}

function jsonString(name: string, v: string): string {
  const parsed = parseJson(name, v);
  if (typeof parsed !== 'string') throw invalid(name, 'is not a string');
  return parsed;
}

function parseInt(name: string, v: string, { min, max }: Range): number {
  const t = v.trim();
  if (!/^-?\d{1,15}$/.test(t)) throw invalid(name, 'is not an integer');
  const n = Number(t);
  if ((min !== undefined && n < min) || (max !== undefined && n > max))
    throw invalid(name, 'is out of range');
  return n;
}

function parseBool(name: string, v: string): boolean {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(name, 'is not a boolean');
}

function parseJson(name: string, v: string): unknown {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw invalid(name, 'is not valid JSON');
  }
}

export function asIntList(name: string, v: unknown): number[] {
  if (!Array.isArray(v) || !v.every((x) => Number.isSafeInteger(x)))
    throw invalid(name, 'is not a list of integers');
  return v as number[];
}

export function asStringList(name: string, v: unknown): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw invalid(name, 'is not a list of strings');
  return v as string[];
}
