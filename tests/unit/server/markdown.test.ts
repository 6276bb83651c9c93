import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from '../../../src/server/markdown/render.ts';

const people = [
  { id: 1, full_name: 'Ada Lovelace' },
  { id: 2, full_name: 'Bob' },
  { id: 3, full_name: 'Bob' },
];
const renderer = new MarkdownRenderer({
  userByName: (n) => people.find((u) => u.full_name === n),
  userById: (id) => people.find((u) => u.id === id),
  groupByName: (n) => (n === 'support' ? { id: 7, name: 'support' } : undefined),
});

describe('Markdown rendering', () => {
  it('renders paragraphs, emphasis, code, links, quotes and lists', () => {
    const html = renderer.render(
      'Hi *there* **you** `x<y`\n\n> quoted\n\n- one\n- two\n\n1. first\n\n[site](https://example.com)',
    ).html;
    expect(html).toContain('<p>Hi <em>there</em> <strong>you</strong> <code>x&lt;y</code></p>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<a href="https://example.com"');
  });

  it('shows raw HTML as text and drops script links', () => {
    const html = renderer.render('<img src=x onerror=alert(1)> [go](javascript:alert(1))').html;
    expect(html).not.toContain('<img');
    // Upstream links no such scheme: the source stays as text, and nothing is clickable.
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('[go](javascript:alert(1))');
    expect(html).toContain('&lt;img');
  });

  it('renders user, group and wildcard mentions and reports who is mentioned', () => {
    const r = renderer.render('@**Ada Lovelace** @*support* @**all** @**topic**');
    expect(r.html).toContain('<span class="user-mention" data-user-id="1">@Ada Lovelace</span>');
    expect(r.html).toContain(
      '<span class="user-group-mention" data-user-group-id="7">@support</span>',
    );
    expect(r.html).toContain('data-user-id="*">@all</span>');
    expect(r.html).toContain('<span class="topic-mention">@topic</span>');
    expect([...r.mentions.userIds]).toEqual([1]);
    expect([...r.mentions.groupIds]).toEqual([7]);
    expect(r.mentions.streamWildcard).toBe(true);
    expect(r.mentions.topicWildcard).toBe(true);
  });

  it('renders silent mentions without notifying anyone', () => {
    const r = renderer.render('@_**Ada Lovelace** @_*support* @_**everyone**');
    expect(r.html).toContain(
      '<span class="user-mention silent" data-user-id="1">Ada Lovelace</span>',
    );
    expect(r.mentions.userIds.size).toBe(0);
    expect(r.mentions.groupIds.size).toBe(0);
    expect(r.mentions.streamWildcard).toBe(false);
  });

  it('disambiguates same-named users by id and leaves unknown names and code alone', () => {
    const r = renderer.render('@**Bob|3** @**Nobody Here** `@**Ada Lovelace**`');
    expect([...r.mentions.userIds]).toEqual([3]);
    expect(r.html).toContain('data-user-id="3"');
    expect(r.html).toContain('Nobody Here');
    expect(r.html).toContain('<code>@**Ada Lovelace**</code>');
  });

  it('recognises /me messages', () => {
    expect(renderer.render('/me waves').isMeMessage).toBe(true);
    expect(renderer.render('/meeting soon').isMeMessage).toBe(false);
    expect(renderer.render('say /me').isMeMessage).toBe(false);
  });

  it('links text matching the linkifiers, outside code', () => {
    const linked = new MarkdownRenderer(
      { userByName: () => undefined, userById: () => undefined, groupByName: () => undefined },
      () => [{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' }],
    );
    const html = linked.render('Fixed in #42, not `#7`').html;
    expect(html).toContain(
      // Plain, as upstream writes it: clients decide how a link opens.
      '<a href="https://tracker.example/42">#42</a>',
    );
    expect(html).toContain('<code>#7</code>');
  });
});
