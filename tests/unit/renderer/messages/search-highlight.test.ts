import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchRanges,
  searchWords,
} from '../../../../src/renderer/views/messages/search-highlight.ts';
import { openInChromium, type ChromiumPage } from '../support/in-chromium.ts';

describe('search highlight', () => {
  it('takes the words of the search terms only, longest first, without quotes or repeats', () => {
    expect(
      searchWords([
        { operator: 'channel', operand: 'general' },
        { operator: 'search', operand: 'Deploy "ok" deploy  rollback' },
        { operator: 'search', operand: 'skip', negated: true },
      ]),
    ).toEqual(['rollback', 'deploy', 'ok']);
    expect(searchWords([{ operator: 'topic', operand: 'x' }])).toEqual([]);
  });

  it('matches words at the start of a word, whatever the case', () => {
    const text = 'Deploying redeploy; DEPLOY-ok';
    const found = matchRanges(text, ['deploy']).map(([a, b]) => text.slice(a, b));
    expect(found).toEqual(['Deploy', 'DEPLOY']);
    expect(matchRanges('café au lait', ['caf', 'lait'])).toEqual([
      [0, 3],
      [8, 12],
    ]);
    expect(matchRanges('anything', [])).toEqual([]);
  });
});

describe('search highlight in sanitized HTML, in Chromium', () => {
  let chromium: ChromiumPage;
  beforeAll(async () => {
    chromium = await openInChromium(
      'http://perch.test',
      [
        "export { messageHtml } from './src/renderer/lib/message-html.ts';",
        "export { highlightHtml } from './src/renderer/views/messages/search-highlight.ts';",
      ].join('\n'),
    );
  }, 60_000);
  afterAll(() => chromium?.close());

  const highlight = (html: string, words: string[]) =>
    chromium.page.evaluate(
      ([h, w]) => {
        const p = (
          window as unknown as {
            perch: {
              messageHtml: (html: string, server: string) => string;
              highlightHtml: (html: string, words: string[]) => string;
            };
          }
        ).perch;
        return p.highlightHtml(p.messageHtml(h as string, 'https://chat.example'), w as string[]);
      },
      [html, words] as const,
    );

  it('marks words in text only: never in tags, attributes or entities', async () => {
    const out = await highlight(
      '<p title="deploy">Deploy &lt;mark&gt; <a href="https://x.example/deploy">deploy docs</a> <code>deploy()</code></p>',
      ['deploy', 'mark'],
    );
    expect(out).toBe(
      '<p title="deploy"><mark class="search-match">Deploy</mark> &lt;<mark class="search-match">mark</mark>&gt; ' +
        '<a href="https://x.example/deploy" target="_blank" rel="noopener noreferrer"><mark class="search-match">deploy</mark> docs</a> ' +
        '<code><mark class="search-match">deploy</mark>()</code></p>',
    );
  });

  it('leaves HTML without a match exactly as it was', async () => {
    expect(await highlight('<p>nothing here</p>', ['deploy'])).toBe('<p>nothing here</p>');
  });
});
