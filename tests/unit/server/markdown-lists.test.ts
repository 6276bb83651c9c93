import { describe, expect, it } from 'vitest';
import { nestListsByTwoSpaces } from '../../../src/server/markdown/lists.ts';
import { MarkdownRenderer } from '../../../src/server/markdown/render.ts';

const renderer = new MarkdownRenderer({
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
});
const flat = (markdown: string) => renderer.render(markdown).html.replace(/>\s+</g, '><');

describe('lists nested by two spaces, as upstream nests them', () => {
  it('moves an ordered item indented by two spaces to its parent content column', () => {
    expect(nestListsByTwoSpaces('1. a\n  1. b\n2. c')).toBe('1. a\n   1. b\n2. c');
    expect(nestListsByTwoSpaces('1. a\n  * b\n    1. c')).toBe('1. a\n   * b\n     1. c');
  });

  it('leaves bullet lists and CommonMark indentation as they are', () => {
    for (const src of ['* a\n  * b\n    * c', '1. a\n   1. b', '* a\n  1. b', 'text\n\n    code'])
      expect(nestListsByTwoSpaces(src)).toBe(src);
  });

  it('moves an item continuation and a code fence with the item', () => {
    expect(flat('1. a\n  1. b\n\n    more')).toBe(
      '<ol><li>a<ol><li><p>b</p><p>more</p></li></ol></li></ol>',
    );
    expect(flat('1. a\n  1. b\n\n    ```\n      1. not a list\n    ```')).toContain(
      '<code>  1. not a list\n</code>',
    );
  });

  it('does not read a code fence as a list, and reads a quote fence body', () => {
    expect(nestListsByTwoSpaces('```\n1. a\n  1. b\n```')).toBe('```\n1. a\n  1. b\n```');
    expect(flat('```quote\n1. a\n  1. b\n```')).toBe(
      '<blockquote><ol><li>a<ol><li>b</li></ol></li></ol></blockquote>',
    );
  });

  it('ends the lists at an unindented paragraph after a blank line', () => {
    expect(flat('1. a\n\npara\n  1. b')).toBe('<ol><li>a</li></ol><p>para</p><ol><li>b</li></ol>');
  });
});
