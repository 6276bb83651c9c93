import { describe, expect, it } from 'vitest';
import { htmlToText, isOnlyUpload } from '../../../../src/core/notify/html-text.ts';

describe('htmlToText', () => {
  it('decodes named and numeric entities, leaving unknown ones alone', () => {
    expect(htmlToText('<p>&quot;a&quot; &#39;b&#39; &#x1F600; &copy; &bogus;</p>')).toBe(
      '"a" \'b\' 😀 © &bogus;',
    );
  });

  it('does not turn decoded text into markup or drop it', () => {
    expect(htmlToText('<p>&lt;script&gt;x&lt;/script&gt;</p>')).toBe('<script>x</script>');
  });

  it('drops unclosed script content, comments and images', () => {
    expect(htmlToText('<p>a<!-- hidden --></p><img src="x.png" alt="pic"><script>evil()')).toBe(
      'a',
    );
  });

  it('keeps line structure of blocks and breaks, collapsing spaces', () => {
    expect(htmlToText('<blockquote><p>quoted</p></blockquote><p>one<br>two   three</p>')).toBe(
      'quoted\none\ntwo three',
    );
  });
  it('reads only the start of a huge message, without a tag cut in half', () => {
    const text = htmlToText(
      `<p>${'word '.repeat(1999)}<a href="https://x.example/${'y'.repeat(50)}">tail</a></p>`,
    );
    expect(text).toBe(Array(1999).fill('word').join(' '));
    // Unclosed tags stop at the next '<': the text between them is kept, not swallowed.
    expect(htmlToText('<a<b>c')).toBe('<ac');
  });
});

describe('isOnlyUpload', () => {
  it('is false for a message without uploads or with other links', () => {
    expect(isOnlyUpload('<p><a href="https://example.com/x">x</a></p>', false)).toBe(false);
    expect(isOnlyUpload('<p>hello</p>', false)).toBe(false);
  });
});
