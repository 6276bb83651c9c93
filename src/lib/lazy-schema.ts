/**
 * A zod schema built when it is first used rather than when its module loads.
 *
 * The contract's and the API's schema modules define several hundred schemas at their top
 * level, and building them was about 110 ms of CPU at every start, before the Core's first
 * line, though a start from the cache uses a handful (bench/README.md, `cache-start`;
 * docs/architecture.md, "Before the Core"). Each such definition is wrapped in
 * `lazySchema(() => z.…)`: the module then only makes a stand-in, and the schema is built,
 * once, by the first property read (a `.parse`, a `.shape`, zod reading `_zod` when it
 * checks a value against a schema holding this one). The stand-in has the schema's own type
 * and forwards every operation to it, so importers, `z.infer` and zod itself use it as the
 * schema; only identity differs (the stand-in is not `===` the schema it builds), and
 * nothing here compares schemas by identity.
 */
import type { z } from 'zod';

export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  // The target is an empty extensible object: a Proxy's invariants then allow any answer,
  // as long as no property is reported non-configurable (zod defines `_zod` so), hence the
  // descriptors below are reported configurable.
  return new Proxy({} as T, {
    get: (_, key) => (built() as Record<PropertyKey, unknown>)[key],
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => key in built(),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
