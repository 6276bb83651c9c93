/**
 * Compose's formatting buttons, as upstream's compose does them (its help center, "Format
 * your message"): each wraps the selection in its markup, or inserts the empty markup with
 * the caret inside; a selection already wrapped in the same markup is unwrapped. Inline
 * markup around one line, a fenced block around several. Pure: text and selection in, text
 * and selection out.
 */

export type FormatKind =
  'bold' | 'italic' | 'link' | 'code' | 'quote' | 'spoiler' | 'math' | 'mention' | 'time';

export interface TextState {
  value: string;
  /** The selection; equal when it is only a caret. */
  start: number;
  end: number;
}

/** Each button's name and its face (link and time are drawn by FormatBar). */
export const FORMATS: readonly { kind: FormatKind; label: string; glyph: string }[] = [
  { kind: 'bold', label: 'Bold', glyph: 'B' },
  { kind: 'italic', label: 'Italic', glyph: 'I' },
  { kind: 'link', label: 'Link', glyph: '' },
  { kind: 'code', label: 'Code', glyph: '</>' },
  { kind: 'quote', label: 'Quote', glyph: '❝' },
  { kind: 'spoiler', label: 'Spoiler', glyph: '▸' },
  { kind: 'math', label: 'Math', glyph: '∑' },
  { kind: 'mention', label: 'Mention', glyph: '@' },
  { kind: 'time', label: 'Time', glyph: '' },
];

/** Text in place of the selection, with the part of it to select afterwards. */
function put(s: TextState, text: string, selFrom: number, selTo: number): TextState {
  return {
    value: s.value.slice(0, s.start) + text + s.value.slice(s.end),
    start: s.start + selFrom,
    end: s.start + selTo,
  };
}

function inline(s: TextState, mark: string): TextState {
  const { value, start, end } = s;
  const inner = value.slice(start, end);
  // Already wrapped (marks just outside the selection): unwrap, as upstream toggles.
  if (
    start >= mark.length &&
    value.slice(start - mark.length, start) === mark &&
    value.slice(end, end + mark.length) === mark &&
    // `*` inside `**`: the outer marks are bold's, not italic's.
    !(mark === '*' && value.slice(start - 2, start) === '**' && value.slice(end, end + 2) === '**')
  ) {
    return {
      value: value.slice(0, start - mark.length) + inner + value.slice(end + mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  }
  return put(s, mark + inner + mark, mark.length, mark.length + inner.length);
}

/** A fenced block on lines of its own around the selection (or an empty line for it). */
function fenced(s: TextState, opener: string): TextState {
  const before = s.value.slice(0, s.start);
  const after = s.value.slice(s.end);
  const inner = s.value.slice(s.start, s.end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const tail = after === '' || after.startsWith('\n') ? '' : '\n';
  const open = `${lead}${opener}\n`;
  return put(s, `${open}${inner}\n\`\`\`${tail}`, open.length, open.length + inner.length);
}

/** `now` is the time a Time button inserts, as upstream's picker starts at the present. */
export function formatText(kind: FormatKind, s: TextState, now = new Date()): TextState {
  const inner = s.value.slice(s.start, s.end);
  const multiline = inner.includes('\n');
  switch (kind) {
    case 'bold':
      return inline(s, '**');
    case 'italic':
      return inline(s, '*');
    case 'code':
      return multiline ? fenced(s, '```') : inline(s, '`');
    case 'math':
      return multiline ? fenced(s, '```math') : inline(s, '$$');
    case 'quote':
      return fenced(s, '```quote');
    case 'spoiler':
      // Upstream's spoiler has a header line; the selection becomes the hidden part.
      return fenced(s, '```spoiler Spoiler');
    case 'link': {
      // [text](url) with "url" selected, ready to be typed over; no text: the caret in [].
      if (inner === '') return put(s, '[](url)', 1, 1);
      const text = `[${inner}](url)`;
      return put(s, text, inner.length + 3, inner.length + 6);
    }
    case 'mention': {
      // "@" opens the completion of people and groups, as a typed one does.
      const before = s.value.slice(0, s.start);
      const text = (before === '' || /\s$/.test(before) ? '' : ' ') + '@';
      return put(s, text + inner, text.length + inner.length, text.length + inner.length);
    }
    case 'time': {
      const stamp = `<time:${new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000).toISOString().replace('.000Z', 'Z')}>`;
      const before = s.value.slice(0, s.start);
      const text = (before === '' || /\s$/.test(before) ? '' : ' ') + stamp + ' ';
      return put(s, text, text.length, text.length);
    }
  }
}
