/**
 * Building blocks shared by the resource schemas. Every object schema is loose: a field
 * the server adds later is kept, never an error: a newer server must not break an older
 * Perch.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** A response with no fields beyond `result`, `msg` and `ignored_parameters_unsupported`. */
export const emptyResponse = lazySchema(() => z.looseObject({}));

export const integer = lazySchema(() => z.number().int());

/**
 * A preprocessor for a field an older server sends under its former name: callers always
 * see the current name (spec section 9).
 */
export function renamedFrom(oldName: string, newName: string): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'object' || value === null || newName in value) return value;
    const legacy = (value as Record<string, unknown>)[oldName];
    return legacy === undefined ? value : { ...value, [newName]: legacy };
  };
}
export const integerList = lazySchema(() => z.array(integer));
export const stringList = lazySchema(() => z.array(z.string()));
