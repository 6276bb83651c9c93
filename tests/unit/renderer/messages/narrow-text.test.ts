import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  messageIdOperand,
  narrowToText,
  parseNarrow,
} from '../../../../src/renderer/lib/narrow-text.ts';

describe('the narrow bar language', () => {
  it('combines channel, quoted topic, negated sender, is: and free search words', () => {
    const parsed = parseNarrow(
      'channel:general topic:"deploy notes" -sender:bob@x.org is:unread hello world',
    );
    expect(parsed).toEqual({
      ok: true,
      terms: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'deploy notes' },
        { operator: 'sender', operand: 'bob@x.org', negated: true },
        { operator: 'is', operand: 'unread' },
        { operator: 'search', operand: 'hello world' },
      ],
    });
  });

  it('folds synonyms and reads dm ids and the id operand as numbers', () => {
    expect(parseNarrow('stream:ops pm-with:4,7 id:120')).toEqual({
      ok: true,
      terms: [
        { operator: 'channel', operand: 'ops' },
        { operator: 'dm', operand: [4, 7] },
        { operator: 'id', operand: 120 },
      ],
    });
  });

  it('keeps a near operand as text, which is all upstream takes for it', () => {
    expect(parseNarrow('near:120')).toEqual({
      ok: true,
      terms: [{ operator: 'near', operand: '120' }],
    });
  });

  it('finds the message a near or id term points at, as text or as a number', () => {
    expect(messageIdOperand('120')).toBe(120);
    expect(messageIdOperand(120)).toBe(120);
    expect(messageIdOperand('12a')).toBeUndefined();
    expect(messageIdOperand([4, 7])).toBeUndefined();
  });

  it('accepts all public channels and the empty topic', () => {
    expect(parseNarrow('channels:public topic:""')).toEqual({
      ok: true,
      terms: [
        { operator: 'channels', operand: 'public' },
        { operator: 'topic', operand: '' },
      ],
    });
  });

  it('explains what it cannot read', () => {
    expect(parseNarrow('colour:red')).toEqual({ ok: false, error: 'Unknown operator "colour".' });
    expect(parseNarrow('is:sparkly').ok).toBe(false);
    expect(parseNarrow('sender:').ok).toBe(false);
    expect(parseNarrow('channels:private').ok).toBe(false);
  });

  it('prints terms back as text that parses to the same terms', () => {
    const operand = fc
      .stringMatching(/^[a-z0-9 @.]{1,12}$/)
      .filter((s) => s.trim() === s && s !== '');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            operator: fc.constantFrom('channel', 'topic', 'sender'),
            operand,
            negated: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
        (raw) => {
          const terms = raw.map((t) =>
            t.negated ? t : { operator: t.operator, operand: t.operand },
          );
          expect(parseNarrow(narrowToText(terms))).toEqual({ ok: true, terms });
        },
      ),
    );
  });

  it('shows people named by id as their emails when known, and ids otherwise', () => {
    const emails = new Map([
      [24, 'mel@example.com'],
      [7, 'ada@example.com'],
    ]);
    const emailOf = (id: number) => emails.get(id);
    const terms = [
      { operator: 'sender', operand: 24 },
      { operator: 'dm', operand: [7, 24] },
      { operator: 'dm-including', operand: 99 },
      { operator: 'channel', operand: 'general' },
    ];
    const text = narrowToText(terms, emailOf);
    expect(text).toBe(
      'sender:mel@example.com dm:ada@example.com,mel@example.com dm-including:99 channel:general',
    );
    // A group with one unknown member keeps its ids rather than naming only some.
    expect(narrowToText([{ operator: 'dm', operand: [7, 99] }], emailOf)).toBe('dm:7,99');
    // And the bar reads the emails back.
    expect(parseNarrow(text)).toMatchObject({
      ok: true,
      terms: [{ operator: 'sender', operand: 'mel@example.com' }, { operator: 'dm' }, {}, {}],
    });
  });
});
