import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../../src/lib/lazy-schema.ts';
import { compile } from '../../../src/api/conforms.ts';
import { channels } from '../../../src/contract/contract.ts';
import { ConversationTarget } from '../../../src/contract/schemas/inbox.ts';

describe('lazySchema', () => {
  it('builds the schema at its first use, once, not when it is defined', () => {
    let builds = 0;
    const Row = lazySchema(() => {
      builds++;
      return z.object({ id: z.number().int(), name: z.string() });
    });
    expect(builds).toBe(0);
    expect(Row.parse({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
    expect(Row.safeParse({ id: 'x', name: 'a' }).success).toBe(false);
    expect(Object.keys(Row.shape)).toEqual(['id', 'name']);
    expect(builds).toBe(1);
  });

  it('checks values exactly as the schema it stands for, nested or extended', () => {
    const make = () => z.object({ id: z.number().int(), tags: z.array(z.string()).max(2) });
    const Lazy = lazySchema(make);
    const Eager = make();
    const Outer = z.object({ row: Lazy, rows: z.array(Lazy) });
    const EagerOuter = z.object({ row: Eager, rows: z.array(Eager) });
    const values = [
      { row: { id: 1, tags: [] }, rows: [{ id: 2, tags: ['a'] }] },
      { row: { id: 1.5, tags: [] }, rows: [] },
      { row: { id: 1, tags: ['a', 'b', 'c'] }, rows: [{ id: 'x', tags: [] }] },
    ];
    for (const value of values) {
      const lazy = Outer.safeParse(value);
      const eager = EagerOuter.safeParse(value);
      expect(lazy.success).toBe(eager.success);
      // The same issues at the same paths: what a refused call tells the user.
      expect(lazy.error?.issues).toEqual(eager.error?.issues);
    }
    const Extended = Lazy.extend({ name: z.string() }).strict();
    expect(Extended.safeParse({ id: 1, tags: [], name: 'n' }).success).toBe(true);
    expect(Extended.safeParse({ id: 1, tags: [], name: 'n', more: 1 }).success).toBe(false);
    expect(Lazy instanceof z.ZodObject).toBe(true);
  });

  it('stands for its schema in discriminated unions and in the compiled fast checks', () => {
    expect(ConversationTarget.safeParse({ kind: 'channel', streamId: 3 }).success).toBe(true);
    expect(ConversationTarget.safeParse({ kind: 'dm', streamId: 3 }).success).toBe(false);
    const Loose = lazySchema(() => z.looseObject({ id: z.number(), name: z.string() }));
    const check = compile(Loose)!;
    expect(check({ id: 1, name: 'a', extra: true })).toBe(true);
    expect(check({ id: 1 })).toBe(false);
  });

  it("leaves the contract's argument checks as they were", () => {
    expect(channels['inbox.get'].args.safeParse({}).success).toBe(true);
    expect(channels['inbox.get'].args.safeParse({ extra: 1 }).success).toBe(false);
    expect(channels['prefs.set'].args.safeParse({}).success).toBe(false);
    expect(channels['prefs.set'].args.safeParse({ theme: 'dark' }).success).toBe(true);
  });
});
