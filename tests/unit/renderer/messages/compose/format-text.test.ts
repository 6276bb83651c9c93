import { describe, expect, it } from 'vitest';
import {
  formatText,
  type FormatKind,
  type TextState,
} from '../../../../../src/renderer/views/messages/compose/format-text.ts';

/** `text` with the selection written as [ and ]. */
function state(text: string): TextState {
  const start = text.indexOf('[');
  const end = text.indexOf(']') - 1;
  return { value: text.replace('[', '').replace(']', ''), start, end };
}
function shown(s: TextState): string {
  return (
    s.value.slice(0, s.start) + '[' + s.value.slice(s.start, s.end) + ']' + s.value.slice(s.end)
  );
}
const apply = (kind: FormatKind, text: string) => shown(formatText(kind, state(text)));

describe('formatText', () => {
  it('wraps the selection in bold and italic, and unwraps on a second press', () => {
    expect(apply('bold', 'a [word] b')).toBe('a **[word]** b');
    expect(apply('bold', 'a **[word]** b')).toBe('a [word] b');
    expect(apply('italic', 'a [word] b')).toBe('a *[word]* b');
    expect(apply('italic', 'a **[word]** b')).toBe('a ***[word]*** b');
  });

  it('puts the caret inside empty markup when nothing is selected', () => {
    expect(apply('bold', 'x []')).toBe('x **[]**');
    expect(apply('link', 'x []')).toBe('x [[]](url)');
  });

  it('makes a link of the selection with its URL selected to type over', () => {
    expect(apply('link', 'see [docs]')).toBe('see [docs]([url])');
  });

  it('uses inline code and math on one line, a fenced block on several', () => {
    expect(apply('code', '[x]')).toBe('`[x]`');
    expect(apply('code', '[a\nb]')).toBe('```\n[a\nb]\n```');
    expect(apply('math', '[x^2]')).toBe('$$[x^2]$$');
    expect(apply('math', 'so [a\nb] ok')).toBe('so \n```math\n[a\nb]\n```\n ok');
  });

  it('fences quotes and spoilers on lines of their own', () => {
    expect(apply('quote', '[wise]')).toBe('```quote\n[wise]\n```');
    expect(apply('spoiler', 'one\n[two]')).toBe('one\n```spoiler Spoiler\n[two]\n```');
  });

  it('starts a mention with "@" apart from the word before', () => {
    expect(apply('mention', 'hi[]')).toBe('hi @[]');
    expect(apply('mention', 'hi []')).toBe('hi @[]');
  });

  it('inserts a global time at the next whole hour', () => {
    const next = formatText('time', state('at []'), new Date('2026-12-02T05:20:00Z'));
    expect(next.value).toBe('at <time:2026-12-02T06:00:00Z> ');
    expect(next.start).toBe(next.value.length);
  });
});
