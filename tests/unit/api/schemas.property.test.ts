/**
 * Every schema meets mutated and truncated bodies and must answer with a typed error (or a
 * result), never a crash or an untyped exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../../src/api/decode.ts';
import { MalformedResponseError, PerchApiError } from '../../../src/api/errors.ts';
import { clone, mutationArb, type Json } from './mutate.ts';
import { samples } from './samples.ts';

/** Runs a body through the decoder and reports how it ended. */
function outcome(
  endpoint: string,
  schema: (typeof samples)[number]['schema'],
  bodyText: string,
  status = 200,
) {
  try {
    decodeResponse(endpoint, status, bodyText, schema);
    return 'ok';
  } catch (error) {
    return error;
  }
}

const sampleArb = fc.constantFrom(...samples);

describe('schemas under mutation', () => {
  it('answer a mutated body with a result or a typed error', () => {
    fc.assert(
      fc.property(
        sampleArb,
        mutationArb,
        fc.constantFrom(200, 400, 429, 500),
        (sample, mutation, status) => {
          const mutated = mutation(sample.body);
          const result = outcome(sample.endpoint, sample.schema, JSON.stringify(mutated), status);
          if (result !== 'ok') expect(result).toBeInstanceOf(PerchApiError);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('answer a truncated body with a typed error', () => {
    fc.assert(
      fc.property(sampleArb, fc.nat(), (sample, cut) => {
        const full = JSON.stringify(sample.body);
        const truncated = full.slice(0, cut % full.length);
        const result = outcome(sample.endpoint, sample.schema, truncated);
        expect(result).toBeInstanceOf(PerchApiError);
      }),
      { numRuns: 500 },
    );
  });

  it('answer arbitrary text and arbitrary JSON with a result or a typed error', () => {
    fc.assert(
      fc.property(
        sampleArb,
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (sample, text) => {
          const result = outcome(sample.endpoint, sample.schema, text);
          if (result !== 'ok') expect(result).toBeInstanceOf(PerchApiError);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never fail on an unknown extra field in a response or in its listed resources', () => {
    fc.assert(
      fc.property(
        sampleArb,
        fc.string({ minLength: 1 }),
        fc.jsonValue(),
        (sample, suffix, value) => {
          const key = `x_future_${suffix}`;
          const body = clone(sample.body) as Record<string, Json>;
          for (const field of Object.values(body)) {
            if (!Array.isArray(field)) continue;
            for (const item of field) {
              if (item !== null && typeof item === 'object' && !Array.isArray(item))
                item[key] = clone(value);
            }
          }
          body[key] = clone(value);
          expect(outcome(sample.endpoint, sample.schema, JSON.stringify(body))).toBe('ok');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('report a deleted required field as MalformedResponseError naming that field', () => {
    let required = 0;
    for (const sample of samples) {
      for (const key of Object.keys(sample.body)) {
        if (key === 'result' || key === 'msg') continue;
        const body: Record<string, unknown> = { ...sample.body };
        delete body[key];
        const result = outcome(sample.endpoint, sample.schema, JSON.stringify(body));
        if (result === 'ok') continue; // an optional field
        expect(result).toBeInstanceOf(MalformedResponseError);
        expect((result as MalformedResponseError).path.split('.')[0]).toBe(key);
        expect((result as MalformedResponseError).endpoint).toBe(sample.endpoint);
        required++;
      }
    }
    // Most responses have required fields; a schema that made them all optional would fail here.
    expect(required).toBeGreaterThanOrEqual(samples.length);
  });
});
