import { describe, expect, it } from 'vitest';
import { separated } from '../../../../../src/renderer/views/messages/compose/insert.ts';

describe('separated: an upload link never glued to a word', () => {
  const link = '[notes.pdf](/user_uploads/1/ab/notes.pdf) ';

  it('puts a space between the previous word and the link', () => {
    expect(separated('see the file', link, '')).toBe(` ${link}`);
  });

  it('adds nothing at the start of the text, after a space or on a new line', () => {
    expect(separated('', link, '')).toBe(link);
    expect(separated('see ', link, '')).toBe(link);
    expect(separated('see\n', link, '')).toBe(link);
  });

  it('keeps the link apart from a word after the cursor too', () => {
    expect(separated('see', '[a](/u/a)', 'below')).toBe(' [a](/u/a) ');
    expect(separated('see', '[a](/u/a)', ' below')).toBe(' [a](/u/a)');
    expect(separated('see', link, ' below')).toBe(` ${link.trimEnd()}`);
  });
});
