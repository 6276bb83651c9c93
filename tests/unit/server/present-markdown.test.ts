import { describe, expect, it } from 'vitest';
import { renderDescription } from '../../../src/server/state/present.ts';

describe('descriptions and profile values are rendered Markdown', () => {
  it('renders emphasis and links, and escapes raw HTML', () => {
    const html = renderDescription(
      'Talk about **builds** and [docs](https://docs.example) <img src=x onerror=y>',
    );
    expect(html).toContain('<strong>builds</strong>');
    expect(html).toContain('<a href="https://docs.example"');
    expect(html).not.toContain('<img');
  });

  it('leaves an empty description empty', () => {
    expect(renderDescription('')).toBe('');
  });
});
