/**
 * A fast path for validation. zod copies every object it validates, which for a batch of
 * 5000 messages costs about as much as parsing the JSON. For a schema built only from plain
 * checks (no transforms, defaults or refinements), whether zod accepts a value and gives it
 * back unchanged is a pure predicate, so this module compiles the schema into that
 * predicate and the caller keeps the parsed JSON as it is. A value the predicate rejects
 * still goes through zod, which names the failing field or makes the copy that differs.
 *
 * The predicate is generated as straight-line code, one function per object or array
 * schema, so that each check is a direct call V8 can inline (closures called through one
 * generic loop measured several times slower). Only schema keys and literal values reach
 * the generated source, each through JSON.stringify; never data from the network.
 */
import type { z } from 'zod';

export type Check = (value: unknown) => boolean;

/** The parts of a zod definition this compiler reads. */
interface Def {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/**
 * zod leaves an own `__proto__` key (JSON.parse makes one) out of its copy, so that no later
 * assignment can swap the copy's prototype; such an object is declined here and goes
 * through zod, whose copy is then not the input.
 */
const IS_OBJECT =
  'if (typeof v !== "object" || v === null || Array.isArray(v) || Object.hasOwn(v, "__proto__")) return false;';

function oneOf(v: string, values: unknown[]): string | undefined {
  const primitive = (x: unknown) =>
    x === null || ['string', 'number', 'boolean'].includes(typeof x);
  if (values.length === 0 || !values.every(primitive)) return undefined;
  return `(${values.map((x) => `${v} === ${JSON.stringify(x)}`).join(' || ')})`;
}

class Generator {
  readonly functions: string[] = [];

  /** Declares a helper function and returns its name. */
  private helper(body: string): string {
    const name = `check${this.functions.length}`;
    this.functions.push(`function ${name}(v) { ${body} }`);
    return name;
  }

  /** Source of a boolean expression testing `v` (a local name), or undefined if unsupported. */
  expression(schema: z.ZodType, v: string): string | undefined {
    const def = defOf(schema);
    const plain = !def.checks?.length;
    switch (def.type) {
      case 'string':
        return plain ? `typeof ${v} === "string"` : undefined;
      case 'boolean':
        return `typeof ${v} === "boolean"`;
      case 'null':
        return `${v} === null`;
      case 'unknown':
      case 'any':
        return 'true';
      case 'number':
        return this.number(def, v);
      case 'literal':
        return oneOf(v, def.values ?? []);
      case 'enum':
        return oneOf(v, Object.values(def.entries ?? {}));
      case 'nullable':
      case 'optional': {
        const inner = def.innerType && this.expression(def.innerType, v);
        const empty = def.type === 'nullable' ? 'null' : 'undefined';
        return inner && `(${v} === ${empty} || ${inner})`;
      }
      case 'union': {
        const options = (def.options ?? []).map((o) => this.expression(o, v));
        if (options.length === 0 || options.some((o) => o === undefined)) return undefined;
        return `(${options.join(' || ')})`;
      }
      case 'array':
        return plain ? this.call(this.array(def), v) : undefined;
      case 'record':
        return this.call(this.record(def), v);
      case 'object':
        return this.call(this.object(def), v);
      default:
        return undefined;
    }
  }

  private call(name: string | undefined, v: string): string | undefined {
    return name && `${name}(${v})`;
  }

  private number(def: Def, v: string): string | undefined {
    const checks = def.checks ?? [];
    if (checks.length === 0) return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
    const only = checks[0]?._zod.def;
    const safeInt = only?.check === 'number_format' && only.format === 'safeint';
    return checks.length === 1 && safeInt ? `Number.isSafeInteger(${v})` : undefined;
  }

  private array(def: Def): string | undefined {
    const element = def.element && this.expression(def.element, 'e');
    if (!element) return undefined;
    return this.helper(
      `if (!Array.isArray(v)) return false; for (let i = 0; i < v.length; i++) { const e = v[i]; if (!(${element})) return false; } return true;`,
    );
  }

  private record(def: Def): string | undefined {
    const key = def.keyType && defOf(def.keyType);
    if (!key || key.type !== 'string' || key.checks?.length) return undefined;
    const value = def.valueType && this.expression(def.valueType, 'e');
    if (!value) return undefined;
    return this.helper(
      `${IS_OBJECT} for (const k of Object.keys(v)) { const e = v[k]; if (!(${value})) return false; } return true;`,
    );
  }

  /** Loose objects only: their output keeps unknown keys, so it equals the input. */
  private object(def: Def): string | undefined {
    if (!def.shape || !def.catchall || defOf(def.catchall).type !== 'unknown') return undefined;
    const lines = [IS_OBJECT];
    let index = 0;
    for (const [key, field] of Object.entries(def.shape)) {
      const local = `f${index++}`;
      const test = this.expression(field, local);
      if (!test) return undefined;
      lines.push(`const ${local} = v[${JSON.stringify(key)}]; if (!(${test})) return false;`);
    }
    lines.push('return true;');
    return this.helper(lines.join(' '));
  }
}

const compiled = new WeakMap<z.ZodType, Check | null>();

function generate(schema: z.ZodType): Check | undefined {
  const generator = new Generator();
  const root = generator.expression(schema, 'value');
  if (!root) return undefined;
  const source = `${generator.functions.join('\n')}\nreturn (value) => ${root};`;
  try {
    return new Function(source)() as Check;
  } catch {
    // Code generation is disallowed in this context; zod alone still validates.
    return undefined;
  }
}

/**
 * Gives a schema with transforms the predicate `compile` cannot make for it: true only for a
 * value the schema accepts and gives back equal, as for any compiled schema. Its other
 * values still go through zod.
 */
export function plainWhen(schema: z.ZodType, check: Check): void {
  compiled.set(schema, check);
}

/**
 * The predicate "zod accepts `v` and its output equals `v`", or undefined if there is none.
 * It differs from `schema.safeParse(v).success` only on an own `__proto__` key.
 */
export function compile(schema: z.ZodType): Check | undefined {
  const known = compiled.get(schema);
  if (known !== undefined) return known ?? undefined;
  const check = generate(schema);
  compiled.set(schema, check ?? null);
  return check;
}
