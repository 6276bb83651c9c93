/**
 * The narrow bar's language: `operator:operand` terms, `-` to negate, double quotes around
 * operands with spaces, and bare words searched for. It turns typed text into the terms of
 * GET /messages and terms back into text, so a clicked narrow shows what to type.
 */
import type { NarrowTermWire } from '../../contract/schemas/messages.ts';

/** Operators the bar accepts, with their synonyms folded to one spelling. */
const OPERATORS: Readonly<Record<string, string>> = {
  channel: 'channel',
  stream: 'channel',
  channels: 'channels',
  streams: 'channels',
  topic: 'topic',
  subject: 'topic',
  sender: 'sender',
  from: 'sender',
  dm: 'dm',
  'pm-with': 'dm',
  'dm-including': 'dm-including',
  is: 'is',
  has: 'has',
  search: 'search',
  near: 'near',
  id: 'id',
};

export const IS_OPERANDS = [
  'unread',
  'mentioned',
  'starred',
  'followed',
  'alerted',
  'dm',
  'resolved',
] as const;

export type ParseResult = { ok: true; terms: NarrowTermWire[] } | { ok: false; error: string };

/** Splits on spaces outside double quotes, keeping each token's quotes out of its text. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && /\s/.test(ch)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (started) out.push(current);
  return out;
}

// Upstream takes an integer operand only for some operators; `near` is not one of them.
function operandFor(operator: string, raw: string): string | number | number[] {
  if (operator === 'id' && /^\d+$/.test(raw)) return Number(raw);
  if (operator === 'dm' && /^\d+(,\d+)*$/.test(raw)) return raw.split(',').map(Number);
  return raw;
}

export function parseNarrow(text: string): ParseResult {
  const terms: NarrowTermWire[] = [];
  const words: string[] = [];
  for (const token of tokens(text)) {
    const negated = token.startsWith('-') && token.includes(':');
    const body = negated ? token.slice(1) : token;
    const colon = body.indexOf(':');
    if (colon <= 0) {
      words.push(token);
      continue;
    }
    const name = body.slice(0, colon).toLowerCase();
    const raw = body.slice(colon + 1);
    const operator = OPERATORS[name];
    if (operator === undefined) return { ok: false, error: `Unknown operator "${name}".` };
    if (raw === '' && operator !== 'topic') {
      return { ok: false, error: `"${name}:" needs something after the colon.` };
    }
    if (operator === 'is' && !(IS_OPERANDS as readonly string[]).includes(raw.toLowerCase())) {
      return { ok: false, error: `"is:${raw}" is not one of ${IS_OPERANDS.join(', ')}.` };
    }
    if (operator === 'channels' && raw !== 'public') {
      return { ok: false, error: 'Use "channels:public" for all public channels.' };
    }
    const term: NarrowTermWire = { operator, operand: operandFor(operator, raw) };
    if (negated) term.negated = true;
    terms.push(term);
  }
  if (words.length > 0) terms.push({ operator: 'search', operand: words.join(' ') });
  return { ok: true, terms };
}

/** The message id of a `near:` or `id:` term, whose operand may be the id as text. */
export function messageIdOperand(operand: NarrowTermWire['operand']): number | undefined {
  const text = typeof operand === 'number' ? String(operand) : operand;
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined;
}

function quote(text: string): string {
  return text === '' || /[\s"]/.test(text) ? `"${text.replaceAll('"', '')}"` : text;
}

/** Operators whose operand names people: by id in a clicked narrow, by email when typed. */
const PEOPLE_OPERATORS = new Set(['sender', 'dm', 'dm-including']);

/**
 * The terms as text for the bar. With `emailOf`, people named by id read as their emails,
 * which the bar takes back, so the user sees who rather than a number; an id whose email is
 * not known stays an id, and so does a group in which any one is unknown.
 */
export function narrowToText(
  terms: readonly NarrowTermWire[],
  emailOf?: (userId: number) => string | undefined,
): string {
  return terms
    .map((t) => {
      const operand = Array.isArray(t.operand) ? t.operand.join(',') : String(t.operand);
      const shown = emailOf && PEOPLE_OPERATORS.has(t.operator) ? emails(t, emailOf) : undefined;
      return `${t.negated ? '-' : ''}${t.operator}:${quote(shown ?? operand)}`;
    })
    .join(' ');
}

function emails(
  term: NarrowTermWire,
  emailOf: (userId: number) => string | undefined,
): string | undefined {
  const ids = Array.isArray(term.operand) ? term.operand : [term.operand];
  const out: string[] = [];
  for (const id of ids) {
    const email = typeof id === 'number' ? emailOf(id) : undefined;
    if (email === undefined) return undefined;
    out.push(email);
  }
  return out.join(',');
}
