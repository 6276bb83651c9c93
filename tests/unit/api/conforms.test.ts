import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../src/api/conforms.ts';
import { getEventsResponse } from '../../../src/api/schemas/event.ts';
import { getLinkifiersResponse } from '../../../src/api/schemas/linkifier.ts';
import { getMessagesResponse } from '../../../src/api/schemas/message.ts';
import { mutationArb } from './mutate.ts';
import { samples } from './samples.ts';

/** Whether zod accepts `body` and gives back a copy equal to it: what the fast path stands for. */
function keptAsIs(schema: z.ZodType, body: unknown): boolean {
  const parsed = schema.safeParse(body);
  return parsed.success && isDeepStrictEqual(parsed.data, body);
}

describe('compile', () => {
  it('compiles the GET /messages schema, the 5000-message hot path', () => {
    expect(compile(getMessagesResponse)).toBeTypeOf('function');
  });

  it('declines a schema with a transform, whose output differs from its input', () => {
    expect(compile(getLinkifiersResponse)).toBeUndefined();
    expect(compile(z.string().transform((s) => s.trim()))).toBeUndefined();
  });

  it('declines checks it does not know rather than guessing', () => {
    expect(compile(z.string().min(1))).toBeUndefined();
    expect(compile(z.number().positive())).toBeUndefined();
    expect(compile(z.object({ a: z.string() }))).toBeUndefined();
  });

  it('agrees with zod on integers, nulls, enums, unions and missing fields', () => {
    const schema = z.looseObject({
      id: z.number().int(),
      name: z.string().nullable(),
      kind: z.enum(['a', 'b']),
      to: z.union([z.string(), z.array(z.number())]),
      note: z.string().optional(),
      tags: z.record(z.string(), z.boolean()),
    });
    const check = compile(schema);
    const cases: unknown[] = [
      { id: 1, name: null, kind: 'a', to: 'x', tags: {} },
      { id: 1.5, name: null, kind: 'a', to: 'x', tags: {} },
      { id: 2 ** 60, name: 'n', kind: 'b', to: [1], tags: { x: true } },
      { id: 1, name: 'n', kind: 'c', to: [1], tags: {} },
      { id: 1, name: 'n', kind: 'a', to: ['1'], tags: {} },
      { id: 1, name: 'n', kind: 'a', to: 'x', note: 3, tags: {} },
      { id: 1, name: 'n', kind: 'a', to: 'x', tags: { x: 1 } },
      { id: 1, kind: 'a', to: 'x', tags: {} },
      { id: 1, name: 'n', kind: 'a', to: 'x', tags: {}, extra: { anything: true } },
      [],
      null,
    ];
    for (const value of cases) expect(check?.(value)).toBe(schema.safeParse(value).success);
  });

  it('is used only where zod’s output equals its input, so keeping the input is safe', () => {
    const kept = samples.filter((s) => {
      const body = JSON.parse(JSON.stringify(s.body)) as unknown;
      if (!compile(s.schema)?.(body)) return false;
      expect(s.schema.parse(body)).toEqual(body);
      return true;
    });
    expect(kept.length).toBeGreaterThan(samples.length / 2);
  });

  it('keeps a long-poll answer in today’s shape as parsed, and sends any other through zod', () => {
    const check = compile(getEventsResponse);
    const sample = samples.find((s) => s.body['queue_id'] === 'q-today')!;
    // As it comes off the wire: JSON has no key whose value is undefined.
    const today = JSON.parse(JSON.stringify(sample.body)) as Record<string, unknown>;
    expect(check?.(today)).toBe(true);
    const events = today['events'] as Record<string, unknown>[];
    const withEvent = (event: Record<string, unknown>) => ({
      ...today,
      events: [...events, event],
    });
    // Each of these zod gives back changed: an event type this client does not model, an
    // older server's name for a field, a message with its edit history, a malformed event.
    expect(check?.(withEvent({ id: 9, type: 'typing_edit_message', op: 'start' }))).toBe(false);
    expect(check?.(withEvent({ ...events[1], id: 9, op: undefined, operation: 'remove' }))).toBe(
      false,
    );
    const message = events[0]!['message'] as Record<string, unknown>;
    expect(
      check?.(withEvent({ ...events[0], id: 9, message: { ...message, edit_history: [] } })),
    ).toBe(false);
    expect(check?.(withEvent({ id: '9', type: 'heartbeat' }))).toBe(false);
    expect(check?.({ ...today, queue_id: 3 })).toBe(false);
  });

  it('agrees with zod on every mutation of every compilable sample', () => {
    const compilable = samples.filter((s) => compile(s.schema));
    expect(compilable.length).toBeGreaterThan(samples.length / 2);
    fc.assert(
      fc.property(fc.constantFrom(...compilable), mutationArb, (sample, mutation) => {
        const body = mutation(sample.body);
        expect(compile(sample.schema)?.(body)).toBe(keptAsIs(sample.schema, body));
      }),
      { numRuns: 3000 },
    );
  });

  it('sends an object with its own __proto__ key through zod, which leaves that key out', () => {
    const schema = z.looseObject({ tags: z.record(z.string(), z.boolean()) });
    const check = compile(schema);
    const bodies = [
      '{"tags": {"__proto__": []}}',
      '{"tags": {"__proto__": true}}',
      '{"tags": {}, "__proto__": {"polluted": true}}',
    ].map((text) => JSON.parse(text) as unknown);
    for (const body of bodies) {
      expect(schema.safeParse(body).success).toBe(true);
      expect(check?.(body)).toBe(false);
      expect(keptAsIs(schema, body)).toBe(false);
    }
  });
});
