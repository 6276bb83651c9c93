/**
 * Messages as the widely deployed server renders them (`rendered_content`), one per element
 * a reader meets: written after its API documentation and formatting help, so the list is
 * tested against the server's vocabulary rather than the reference server's renderer. The
 * math is KaTeX's own output, which is what that server sends (it renders with KaTeX), with
 * the class names of the earlier KaTeX it ships.
 */
import katex from 'katex';
import { katexClassesAsUpstream } from '../../../src/lib/katex-classes.ts';

export interface RenderedIds {
  /** The reader. */
  me: number;
  /** Someone else. */
  other: number;
  /** A group the reader is in. */
  myGroup: number;
  /** Where the server serves one of its custom emoji, written as upstream writes it. */
  customEmoji: { name: string; path: string };
}

const displayMath = (tex: string) =>
  `<p>${katex
    .renderToString(tex, { displayMode: true, output: 'htmlAndMathml' })
    .replace(/class="([^"]*)"/g, (_, v: string) => `class="${katexClassesAsUpstream(v)}"`)}</p>`;

export const LONG_TEXT = Array.from(
  { length: 125 },
  (_, i) => `Line ${i + 1} of a very long message that goes on and on about the release plan.`,
).join(' ');

export function renderedMessages(ids: RenderedIds) {
  return {
    mentions:
      `<p>Hi <span class="user-mention" data-user-id="${ids.me}">@Olive Owner</span>, ` +
      `ask <span class="user-mention" data-user-id="${ids.other}">@Mel Member</span> and ` +
      `<span class="user-mention silent" data-user-id="${ids.other}">Mel Member</span>; ` +
      `<span class="user-group-mention" data-user-group-id="${ids.myGroup}">@reviewers</span> ` +
      `<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> ` +
      `<span class="user-mention topic-wildcard-mention" data-user-id="*">@topic</span> ` +
      `see <a class="stream" data-stream-id="1" href="/#narrow/channel/1-general">#general</a> and ` +
      `<a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-general/topic/lunch">#general &gt; lunch</a></p>`,
    quote:
      '<p>You wrote:</p>\n<blockquote>\n<p>Quoted text from an earlier message.</p>\n</blockquote>\n<p>Agreed.</p>',
    code:
      '<p>Run <code>npm test</code> first.</p>\n' +
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>' +
      '<span class="k">def</span> <span class="nf">fib</span><span class="p">(</span><span class="n">n</span><span class="p">):</span>\n' +
      '    <span class="c1"># the slow way</span>\n' +
      '    <span class="k">if</span> <span class="n">n</span> <span class="o">&lt;</span> <span class="mi">2</span><span class="p">:</span>\n' +
      '        <span class="k">return</span> <span class="n">n</span>\n' +
      '    <span class="k">return</span> <span class="n">fib</span><span class="p">(</span><span class="n">n</span> <span class="o">-</span> <span class="mi">1</span><span class="p">)</span> <span class="o">+</span> <span class="nb">print</span><span class="p">(</span><span class="s2">"done"</span><span class="p">)</span>\n' +
      '</code></pre></div>',
    spoiler:
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Who wins?</p>\n</div>' +
      '<div class="spoiler-content" aria-hidden="true">\n<p>The butler did it.</p>\n</div></div>',
    math: `<p>The area:</p>\n${displayMath('A = \\pi r^2 + \\frac{a}{b}')}`,
    emoji:
      '<p>Nice <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> ' +
      `and <img alt=":${ids.customEmoji.name}:" class="emoji" src="${ids.customEmoji.path}" title="${ids.customEmoji.name.replaceAll('_', ' ')}"> ` +
      'and <img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"> done</p>',
    time: '<p>Meet at <time datetime="2026-01-01T10:00:00Z">2026-01-01T10:00:00+00:00</time> sharp.</p>',
    table:
      '<table>\n<thead>\n<tr>\n<th>Name</th>\n<th align="right">Count</th>\n</tr>\n</thead>\n' +
      '<tbody>\n<tr>\n<td>apples</td>\n<td align="right">3</td>\n</tr>\n<tr>\n<td>pears</td>\n<td align="right">12</td>\n</tr>\n</tbody>\n</table>',
    lists:
      '<h1>Plan</h1>\n<ul>\n<li>first</li>\n<li>second</li>\n</ul>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n' +
      '<p>An error: <span class="tex-error">\\frac{</span></p>',
    long: `<p>${LONG_TEXT}</p>`,
  };
}
