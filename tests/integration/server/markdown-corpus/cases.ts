/**
 * Markdown inputs with the HTML upstream documents for them (its message-formatting help
 * and the /messages/render and markdown docs), grouped by feature. Ids depend on the
 * fixed organization, so expectations name them: {u:member} a user id, {c:general} a
 * channel id, {g:support} a group id, {e:name} a custom emoji's image URL; [[katex:TeX]] and
 * [[katex-display:TeX]] stand for KaTeX's rendering, which upstream embeds as is (with the
 * class names of the KaTeX it ships).
 */
export interface CorpusCase {
  feature: string;
  markdown: string;
  html: string;
  /** Rendered for a sender with translate_emoticons on (upstream's default is off). */
  translateEmoticons?: boolean;
}

type Row = readonly [markdown: string, html: string];

function group(feature: string, rows: readonly Row[], translateEmoticons = false): CorpusCase[] {
  return rows.map(([markdown, html]) => ({
    feature,
    markdown,
    html,
    ...(translateEmoticons ? { translateEmoticons } : {}),
  }));
}

const emojiSpan = (name: string, code: string) =>
  `<span aria-label="${name.replaceAll('_', ' ')}" class="emoji emoji-${code}" role="img" title="${name.replaceAll('_', ' ')}">:${name}:</span>`;

/** Upstream shows another site's image through its /thumbnail proxy (its markdown test cases). */
const thumb = (url: string) => {
  const q = encodeURIComponent(url);
  return `<img data-src-fullsize="/thumbnail?url=${q}&amp;size=full" src="/thumbnail?url=${q}&amp;size=thumbnail">`;
};

const channel = (name: string) =>
  `<a class="stream" data-stream-id="{c:${name}}" href="/#narrow/channel/{c:${name}}-${name}">#${name}</a>`;

const code = (lang: string | null, body: string) =>
  `<div class="codehilite"${lang === null ? '' : ` data-code-language="${lang}"`}><pre><span></span><code>${body}</code></pre></div>`;

export const CORPUS: readonly CorpusCase[] = [
  ...group('paragraphs', [
    ['hello', '<p>hello</p>'],
    ['one\ntwo', '<p>one<br>\ntwo</p>'],
    ['one\n\ntwo', '<p>one</p>\n<p>two</p>'],
    ['  padded  ', '<p>padded</p>'],
    ['a & b', '<p>a &amp; b</p>'],
    ['1 < 2 > 0', '<p>1 &lt; 2 &gt; 0</p>'],
    ['<b>bold?</b>', '<p>&lt;b&gt;bold?&lt;/b&gt;</p>'],
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['/me waves', '<p>/me waves</p>'],
    ['/me is out today', '<p>/me is out today</p>'],
    // Upstream escapes only <, > and & in text (its markdown test cases).
    [`it's "quoted"`, `<p>it's "quoted"</p>`],
    ['<h1>**b**</h1>', '<p>&lt;h1&gt;<strong>b</strong>&lt;/h1&gt;</p>'],
  ]),
  ...group('emphasis', [
    ['**bold**', '<p><strong>bold</strong></p>'],
    ['*italic*', '<p><em>italic</em></p>'],
    ['_foo_', '<p>_foo_</p>'],
    ['snake_case_name', '<p>snake_case_name</p>'],
    ['__dunder__', '<p>__dunder__</p>'],
    ['~~gone~~', '<p><del>gone</del></p>'],
    ['**bold** and *it*', '<p><strong>bold</strong> and <em>it</em></p>'],
    ['a ~~b~~ c', '<p>a <del>b</del> c</p>'],
    ['`code`', '<p><code>code</code></p>'],
    ['`a <b>`', '<p><code>a &lt;b&gt;</code></p>'],
    ['`**not bold**`', '<p><code>**not bold**</code></p>'],
    ['2*3*4', '<p>2<em>3</em>4</p>'],
    // Upstream's processor, as its markdown test cases show it.
    ['***foo***', '<p><strong><em>foo</em></strong></p>'],
    ['I ~~ like software ~~ love', '<p>I <del> like software </del> love</p>'],
    ['~~~~x~~', '<p>~~~~x~~</p>'],
    ['You **can\nleave** now', '<p>You **can<br>\nleave** now</p>'],
    ['` outer ` `  two  `', '<p><code> outer </code> <code>  two  </code></p>'],
  ]),
  ...group('headings', [
    ['# One', '<h1>One</h1>'],
    ['## Two', '<h2>Two</h2>'],
    ['### Three', '<h3>Three</h3>'],
    ['#### Four', '<h4>Four</h4>'],
    ['##### Five', '<h5>Five</h5>'],
    ['###### Six', '<h6>Six</h6>'],
    ['#nospace', '<p>#nospace</p>'],
  ]),
  ...group('lists', [
    ['* a\n* b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['- a\n- b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['+ a\n+ b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['1. a\n2. b', '<ol>\n<li>a</li>\n<li>b</li>\n</ol>'],
    ['3. c\n4. d', '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>'],
    ['* a\n  * b', '<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
    [
      '* a\n  * b\n    * c',
      '<ul>\n<li>a<ul>\n<li>b<ul>\n<li>c</li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>',
    ],
    ['1. a\n  1. b', '<ol>\n<li>a<ol>\n<li>b</li>\n</ol>\n</li>\n</ol>'],
    [
      '1. one\n  1. inner\n2. two',
      '<ol>\n<li>one<ol>\n<li>inner</li>\n</ol>\n</li>\n<li>two</li>\n</ol>',
    ],
    [
      '1. a\n  1. b\n    1. c',
      '<ol>\n<li>a<ol>\n<li>b<ol>\n<li>c</li>\n</ol>\n</li>\n</ol>\n</li>\n</ol>',
    ],
    ['1. a\n  * b', '<ol>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ol>'],
    ['* a\n  1. b', '<ul>\n<li>a<ol>\n<li>b</li>\n</ol>\n</li>\n</ul>'],
    [
      '* a\n  1. b\n  2. c\n* d',
      '<ul>\n<li>a<ol>\n<li>b</li>\n<li>c</li>\n</ol>\n</li>\n<li>d</li>\n</ul>',
    ],
    [
      '10. a\n  1. b\n11. c',
      '<ol start="10">\n<li>a<ol>\n<li>b</li>\n</ol>\n</li>\n<li>c</li>\n</ol>',
    ],
    ['* **bold** item', '<ul>\n<li><strong>bold</strong> item</li>\n</ul>'],
    ['text\n* a\n* b', '<p>text</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    [
      '1. A\n2. B\n  3. C',
      '<ol>\n<li>A</li>\n<li>B<ol start="3">\n<li>C</li>\n</ol>\n</li>\n</ol>',
    ],
    [
      '1. a\n  2. b\n    3. c\n  2. d',
      '<ol>\n<li>a<ol start="2">\n<li>b<ol start="3">\n<li>c</li>\n</ol>\n</li>\n<li>d</li>\n</ol>\n</li>\n</ol>',
    ],
    ['* One\n- Two\n+ Three', '<ul>\n<li>One</li>\n<li>Two</li>\n<li>Three</li>\n</ul>'],
    ['* a\n  - b\n  + c', '<ul>\n<li>a<ul>\n<li>b</li>\n<li>c</li>\n</ul>\n</li>\n</ul>'],
  ]),
  ...group('quotes', [
    ['> quoted', '<blockquote>\n<p>quoted</p>\n</blockquote>'],
    ['> a\n> b', '<blockquote>\n<p>a<br>\nb</p>\n</blockquote>'],
    [
      '> 1. a\n>   - b\n> 2. c',
      '<blockquote>\n<ol>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n<li>c</li>\n</ol>\n</blockquote>',
    ],
    [
      '> > - x\n> >   - y',
      '<blockquote>\n<blockquote>\n<ul>\n<li>x<ul>\n<li>y</li>\n</ul>\n</li>\n</ul>\n</blockquote>\n</blockquote>',
    ],
    ['```quote\nquoted\n```', '<blockquote>\n<p>quoted</p>\n</blockquote>'],
    [
      '```quote\n**bold** here\n```',
      '<blockquote>\n<p><strong>bold</strong> here</p>\n</blockquote>',
    ],
    ['~~~quote\ntilde\n~~~', '<blockquote>\n<p>tilde</p>\n</blockquote>'],
    ['```quote\none\n\ntwo\n```', '<blockquote>\n<p>one</p>\n<p>two</p>\n</blockquote>'],
    ['````quote\n```\ncode\n```\n````', `<blockquote>\n${code(null, 'code\n')}\n</blockquote>`],
    ['> **b**', '<blockquote>\n<p><strong>b</strong></p>\n</blockquote>'],
    // Upstream starts no quote from `>` lines that hold nothing (its markdown test cases).
    ['>', '<p>&gt;</p>'],
    [
      '>>>>>',
      '<blockquote>\n<blockquote>\n<blockquote>\n<blockquote>\n<p>&gt;</p>\n</blockquote>\n</blockquote>\n</blockquote>\n</blockquote>',
    ],
    ['>\n>\ntext', '<blockquote>\n<p>text</p>\n</blockquote>'],
    [
      '```quote\nsee:\n~~~\ncode\n~~~\n```',
      `<blockquote>\n<p>see:</p>\n${code(null, 'code\n')}\n</blockquote>`,
    ],
  ]),
  ...group('spoilers', [
    [
      '```spoiler Header\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Header</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
    [
      '```spoiler\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
    [
      '```spoiler **Bold** head\n*it*\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p><strong>Bold</strong> head</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p><em>it</em></p>\n</div></div>',
    ],
    [
      '~~~spoiler Tilde\nbody\n~~~',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Tilde</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>body</p>\n</div></div>',
    ],
    [
      '```spoiler Two\none\n\ntwo\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Two</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>one</p>\n<p>two</p>\n</div></div>',
    ],
  ]),
  ...group('code blocks', [
    ['```\nplain\n```', code(null, 'plain\n')],
    ['```\na < b\n```', code(null, 'a &lt; b\n')],
    ['```\nline1\nline2\n```', code(null, 'line1\nline2\n')],
    ['~~~\ntilde\n~~~', code(null, 'tilde\n')],
    ['    indented', code(null, 'indented\n')],
    ['```text\nplain\n```', code('Text only', 'plain\n')],
    ['```\n**not bold**\n```', code(null, '**not bold**\n')],
    ['```\n@**Mel Member**\n```', code(null, '@**Mel Member**\n')],
    ['```\nplain', code(null, 'plain\n')],
    ['```\n\n```', code(null, '\n')],
    ['```\na  \nb\t\n```', code(null, 'a\nb\n')],
    ['```\n\nx\n\n```', code(null, 'x\n')],
    ['```one line```', '<p><code>one line</code></p>'],
    ['~~~~word: text~~~~', '<p>~~~~word: text~~~~</p>'],
    [
      '```\n#!python\nprint\n```',
      code(null, '<span class="ch">#!python</span>\n<span class="nb">print</span>\n'),
    ],
    [
      '```\n#!/usr/bin/env python\nNone\n```',
      code(null, '<span class="ch">#!/usr/bin/env python</span>\n<span class="kc">None</span>\n'),
    ],
  ]),
  ...group('highlighting', [
    ['```python\npass\n```', code('Python', '<span class="k">pass</span>\n')],
    ['```py\nNone\n```', code('Python', '<span class="kc">None</span>\n')],
    [
      '```python\nx = 1\n```',
      code(
        'Python',
        '<span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n',
      ),
    ],
    ['```python\n# note\n```', code('Python', '<span class="c1"># note</span>\n')],
    ['```python\n"s"\n```', code('Python', '<span class="s2">&quot;s&quot;</span>\n')],
    ['```js\nreturn\n```', code('JavaScript', '<span class="k">return</span>\n')],
    ['```javascript\nconst\n```', code('JavaScript', '<span class="kd">const</span>\n')],
    ['```js\n// c\n```', code('JavaScript', '<span class="c1">// c</span>\n')],
    [
      '```json\n{"a": 1}\n```',
      code(
        'JSON',
        '<span class="p">{</span><span class="nt">&quot;a&quot;</span><span class="p">:</span><span class="w"> </span><span class="mi">1</span><span class="p">}</span>\n',
      ),
    ],
    [
      '```bash\necho hi\n```',
      code('Bash', '<span class="nb">echo</span><span class="w"> </span>hi\n'),
    ],
    ['```rust\nfn\n```', code('Rust', '<span class="k">fn</span>\n')],
    ['```go\nfunc\n```', code('Go', '<span class="kd">func</span>\n')],
    ['```c\nint\n```', code('C', '<span class="kt">int</span>\n')],
    ['```java\nclass\n```', code('Java', '<span class="kd">class</span>\n')],
    ['```ruby\nend\n```', code('Ruby', '<span class="k">end</span>\n')],
    ['```sql\nSELECT\n```', code('SQL', '<span class="k">SELECT</span>\n')],
    ['```python\n1.5\n```', code('Python', '<span class="mf">1.5</span>\n')],
    ['```foo\nx\n```', code('foo', 'x\n')],
    ['~~~.python\npass\n~~~', code('Python', '<span class="k">pass</span>\n')],
    ['```py2\nself\n```', code('Python 2.x', '<span class="bp">self</span>\n')],
    [
      '```tex\n\\pi \\textbf{x}\n```',
      code(
        'TeX',
        '<span class="k">\\pi</span> <span class="k">\\textbf</span><span class="nb">{</span>x<span class="nb">}</span>\n',
      ),
    ],
    ['```latex\n\\alpha\n```', code('TeX', '<span class="k">\\alpha</span>\n')],
    ['```python\nprint\n```', code('Python', '<span class="nb">print</span>\n')],
    ['```ts\nlet\n```', code('TypeScript', '<span class="kd">let</span>\n')],
    [
      '```python\ndef f(x):\n    return x + 1\n```',
      code(
        'Python',
        '<span class="k">def</span> <span class="nf">f</span><span class="p">(</span><span class="n">x</span><span class="p">):</span>\n    <span class="k">return</span> <span class="n">x</span> <span class="o">+</span> <span class="mi">1</span>\n',
      ),
    ],
    [
      '```json\n[1, 2]\n```',
      code(
        'JSON',
        '<span class="p">[</span><span class="mi">1</span><span class="p">,</span><span class="w"> </span><span class="mi">2</span><span class="p">]</span>\n',
      ),
    ],
    [
      '```java\nclass A {}\n```',
      code(
        'Java',
        '<span class="kd">class</span><span class="w"> </span><span class="nc">A</span><span class="w"> </span><span class="p">{}</span>\n',
      ),
    ],
    [
      '```js\nconst a = b;\n```',
      code(
        'JavaScript',
        '<span class="kd">const</span><span class="w"> </span><span class="nx">a</span><span class="w"> </span><span class="o">=</span><span class="w"> </span><span class="nx">b</span><span class="p">;</span>\n',
      ),
    ],
  ]),
  ...group('math', [
    ['$$x^2$$', '<p>[[katex:x^2]]</p>'],
    ['a $$\\alpha$$ b', '<p>a [[katex:\\alpha]] b</p>'],
    ['```math\nx^2\n```', '<p>[[katex-display:x^2]]</p>'],
    ['```math\n\\frac{1}{2}\n```', '<p>[[katex-display:\\frac{1}{2}]]</p>'],
    ['$$\\sqrt{2}$$', '<p>[[katex:\\sqrt{2}]]</p>'],
    ['```math\na + b\n```', '<p>[[katex-display:a + b]]</p>'],
    ['$$1+1$$ and $$2$$', '<p>[[katex:1+1]] and [[katex:2]]</p>'],
    ['`$$x$$`', '<p><code>$$x$$</code></p>'],
    ['$5 to $20 each', '<p>$5 to $20 each</p>'],
    ['$$_$$ is a smiley', '<p>$$_$$ is a smiley</p>'],
    ['make some $$$ or $$$$!', '<p>make some $$$ or $$$$!</p>'],
    ['($$x \\approx 5\\$$$)', '<p>([[katex:x \\approx 5\\$]])</p>'],
    ['$$a\nb$$', '<p>$$a<br>\nb$$</p>'],
  ]),
  ...group('emoji', [
    [':smile:', `<p>${emojiSpan('smile', '1f642')}</p>`],
    [':heart:', `<p>${emojiSpan('heart', '2764')}</p>`],
    [':tada:', `<p>${emojiSpan('tada', '1f389')}</p>`],
    [':rocket:', `<p>${emojiSpan('rocket', '1f680')}</p>`],
    [':fire:', `<p>${emojiSpan('fire', '1f525')}</p>`],
    [':eyes:', `<p>${emojiSpan('eyes', '1f440')}</p>`],
    [':grinning:', `<p>${emojiSpan('grinning', '1f600')}</p>`],
    [':joy:', `<p>${emojiSpan('joy', '1f602')}</p>`],
    [':+1:', `<p>${emojiSpan('+1', '1f44d')}</p>`],
    [':thumbs_up:', `<p>${emojiSpan('thumbs_up', '1f44d')}</p>`],
    [':octopus:', `<p>${emojiSpan('octopus', '1f419')}</p>`],
    [':pizza:', `<p>${emojiSpan('pizza', '1f355')}</p>`],
    ['ok :tada: done', `<p>ok ${emojiSpan('tada', '1f389')} done</p>`],
    [':not_an_emoji_name:', '<p>:not_an_emoji_name:</p>'],
    ['`:tada:`', '<p><code>:tada:</code></p>'],
    ['\u{1f600}', `<p>${emojiSpan('grinning', '1f600')}</p>`],
    ['\u{1f680}!', `<p>${emojiSpan('rocket', '1f680')}!</p>`],
    ['\u{1f525}\u{1f525}', `<p>${emojiSpan('fire', '1f525')}${emojiSpan('fire', '1f525')}</p>`],
    ['time 12:30:45', '<p>time 12:30:45</p>'],
    // Upstream's own names, which the shared catalog lacks.
    [':hi: :lol:', `<p>${emojiSpan('hi', '1f44b')} ${emojiSpan('lol', '1f606')}</p>`],
    [':thank_you:', `<p>${emojiSpan('thank_you', '1f64f')}</p>`],
    [':fist_bump:', `<p>${emojiSpan('fist_bump', '1f44a')}</p>`],
    ['\u{1f44a}', `<p>${emojiSpan('fist_bump', '1f44a')}</p>`],
    ['\u{1f4a1}', `<p>${emojiSpan('light_bulb', '1f4a1')}</p>`],
    // Upstream's names (its markdown test cases): words joined by underscores.
    ['\u{1f937}\u200d\u2640\ufe0f', `<p>${emojiSpan('woman_shrugging', '1f937-200d-2640')}</p>`],
    ['\u{1f384}', `<p>${emojiSpan('holiday_tree', '1f384')}</p>`],
    ['\u{1f916}', `<p>${emojiSpan('robot', '1f916')}</p>`],
    [':kiwi: :gold:', `<p>${emojiSpan('kiwi', '1f95d')} ${emojiSpan('gold', '1f947')}</p>`],
    ['#\ufe0f\u20e3', `<p>${emojiSpan('hash', '0023-20e3')}</p>`],
    // Upstream's table overrides the shipped data's names: an animal is its whole body.
    [
      ':cat: :dog: :rabbit:',
      `<p>${emojiSpan('cat', '1f408')} ${emojiSpan('dog', '1f415')} ${emojiSpan('rabbit', '1f407')}</p>`,
    ],
    ['\u{1f431} \u2b06\ufe0f', `<p>${emojiSpan('kitten', '1f431')} ${emojiSpan('up', '2b06')}</p>`],
    [':ok: :point_up:', `<p>${emojiSpan('ok', '1f44c')} ${emojiSpan('point_up', '1f446')}</p>`],
    // A sequence newer than the emoji data stays whole, as its characters.
    [
      'a \u{1f9d1}\u{1f3fd}\u200d\u{1f6f4}\u200d\u21a9\ufe0f b',
      '<p>a \u{1f9d1}\u{1f3fd}\u200d\u{1f6f4}\u200d\u21a9\ufe0f b</p>',
    ],
    [
      ':party_parrot:',
      '<p><img alt=":party_parrot:" class="emoji" src="{e:party_parrot}" title="party parrot"></p>',
    ],
    // The service's own emoji, from upstream's static files.
    [
      ':zulip:',
      '<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>',
    ],
    [
      ':perch_logo: hi',
      '<p><img alt=":perch_logo:" class="emoji" src="{e:perch_logo}" title="perch logo"> hi</p>',
    ],
  ]),
  // Upstream help "Configure emoticon translations": its list of conversions, which apply
  // only for a sender who turned the setting on, and only to an emoticon standing alone.
  ...group(
    'emoticons',
    [
      [':)', `<p>${emojiSpan('smile', '1f642')}</p>`],
      ['(:', `<p>${emojiSpan('smile', '1f642')}</p>`],
      [':(', `<p>${emojiSpan('frown', '1f641')}</p>`],
      ['<3', `<p>${emojiSpan('heart', '2764')}</p>`],
      [':|', `<p>${emojiSpan('neutral', '1f610')}</p>`],
      [':/', `<p>${emojiSpan('confused', '1f615')}</p>`],
      [';)', `<p>${emojiSpan('wink', '1f609')}</p>`],
      [':D', `<p>${emojiSpan('grinning', '1f600')}</p>`],
      [':o', `<p>${emojiSpan('open_mouth', '1f62e')}</p>`],
      [':O', `<p>${emojiSpan('open_mouth', '1f62e')}</p>`],
      [':p', `<p>${emojiSpan('stuck_out_tongue', '1f61b')}</p>`],
      [':P', `<p>${emojiSpan('stuck_out_tongue', '1f61b')}</p>`],
      ['Thanks :) see you', `<p>Thanks ${emojiSpan('smile', '1f642')} see you</p>`],
      ['done, :D!', `<p>done, ${emojiSpan('grinning', '1f600')}!</p>`],
      ['(:P)', `<p>(${emojiSpan('stuck_out_tongue', '1f61b')})</p>`],
      ['a:)b', '<p>a:)b</p>'],
      ['x :)y', '<p>x :)y</p>'],
      [':-)', '<p>:-)</p>'],
      ['`:)`', '<p><code>:)</code></p>'],
      ['```\n:)\n```', `<div class="codehilite"><pre><span></span><code>:)\n</code></pre></div>`],
    ],
    true,
  ),
  ...group('emoticons', [
    [':)', '<p>:)</p>'],
    ['<3 you :D', '<p>&lt;3 you :D</p>'],
    [';) ok', '<p>;) ok</p>'],
  ]),
  ...group('links', [
    ['https://example.com', '<p><a href="https://example.com">https://example.com</a></p>'],
    [
      'see https://example.com/a?b=c.',
      '<p>see <a href="https://example.com/a?b=c">https://example.com/a?b=c</a>.</p>',
    ],
    ['[site](https://example.com)', '<p><a href="https://example.com">site</a></p>'],
    ['[**b**](https://example.com)', '<p><a href="https://example.com"><strong>b</strong></a></p>'],
    ['[](https://example.com)', '<p><a href="https://example.com">https://example.com</a></p>'],
    ['example.com', '<p><a href="http://example.com">example.com</a></p>'],
    [
      'go to www.example.org now',
      '<p>go to <a href="http://www.example.org">www.example.org</a> now</p>',
    ],
    ['[call](tel:+15551234)', '<p><a href="tel:+15551234">call</a></p>'],
    ['[text](sms:+15551234)', '<p><a href="sms:+15551234">text</a></p>'],
    ['[mail](mailto:a@example.com)', '<p><a href="mailto:a@example.com">mail</a></p>'],
    ['<https://example.com>', '<p><a href="https://example.com">https://example.com</a></p>'],
    [
      'http://example.com/x_y_z',
      '<p><a href="http://example.com/x_y_z">http://example.com/x_y_z</a></p>',
    ],
    ['`https://example.com`', '<p><code>https://example.com</code></p>'],
    ['[up](/user_uploads/2/ab/file.pdf)', '<p><a href="/user_uploads/2/ab/file.pdf">up</a></p>'],
    ['(https://example.com)', '<p>(<a href="https://example.com">https://example.com</a>)</p>'],
    // Upstream has no reference links, and links only the schemes it allows.
    [
      'Hello [world]\n\n[world]: https://example.com',
      '<p>Hello [world]</p>\n<p>[world]: <a href="https://example.com">https://example.com</a></p>',
    ],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[  ](https://example.com)', '<p><a href="https://example.com">https://example.com</a></p>'],
    ['mail a@example.com.', '<p>mail <a href="mailto:a@example.com">a@example.com</a>.</p>'],
    ['<a@example.com>', '<p>&lt;<a href="mailto:a@example.com">a@example.com</a>&gt;</p>'],
    ['a@example.com/foo', '<p>a@example.com/foo</p>'],
  ]),
  ...group('images', [
    [
      '* see https://example.com/a.png',
      `<ul>\n<li>see <a href="https://example.com/a.png">https://example.com/a.png</a><div class="message_inline_image"><a href="https://example.com/a.png">${thumb('https://example.com/a.png')}</a></div></li>\n</ul>`,
    ],
    [
      '```spoiler h\nsee https://example.com/a.png\n```',
      `<div class="spoiler-block"><div class="spoiler-header">\n<p>h</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>see <a href="https://example.com/a.png">https://example.com/a.png</a></p>\n<div class="message_inline_image"><a href="https://example.com/a.png">${thumb('https://example.com/a.png')}</a></div></div></div>`,
    ],
    [
      'https://example.com/a.png and https://example.com/a.png',
      `<p><a href="https://example.com/a.png">https://example.com/a.png</a> and <a href="https://example.com/a.png">https://example.com/a.png</a></p>\n<div class="message_inline_image"><a href="https://example.com/a.png">${thumb('https://example.com/a.png')}</a></div>`,
    ],
    [
      '> https://example.com/a.png',
      '<blockquote>\n<p><a href="https://example.com/a.png">https://example.com/a.png</a></p>\n</blockquote>',
    ],
    [
      'https://example.com/cat.png',
      `<div class="message_inline_image"><a href="https://example.com/cat.png">${thumb('https://example.com/cat.png')}</a></div>`,
    ],
    [
      '[cat](https://example.com/cat.jpg)',
      `<p><a href="https://example.com/cat.jpg">cat</a></p>\n<div class="message_inline_image"><a href="https://example.com/cat.jpg" title="cat">${thumb('https://example.com/cat.jpg')}</a></div>`,
    ],
    [
      '[pic.png](/user_uploads/2/ab/pic.png)',
      '<p><a href="/user_uploads/2/ab/pic.png">pic.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/pic.png" title="pic.png"><img src="/user_uploads/2/ab/pic.png"></a></div>',
    ],
    [
      'https://example.com/anim.gif',
      `<div class="message_inline_image"><a href="https://example.com/anim.gif">${thumb('https://example.com/anim.gif')}</a></div>`,
    ],
    [
      'https://example.com/page.html',
      '<p><a href="https://example.com/page.html">https://example.com/page.html</a></p>',
    ],
  ]),
  ...group('time', [
    [
      '<time:Jun 5th 2017, 10:30PM>',
      '<p><time datetime="2017-06-05T22:30:00Z">Jun 5th 2017, 10:30PM</time></p>',
    ],
    [
      '<time:31 Dec 2017 5:30 am IST>',
      '<p><time datetime="2017-12-31T00:00:00Z">31 Dec 2017 5:30 am IST</time></p>',
    ],
    ['<time:31 Dec 2017>', '<p><time datetime="2017-12-31T00:00:00Z">31 Dec 2017</time></p>'],
    [
      '<time:2024-01-02T03:04:05Z>',
      '<p><time datetime="2024-01-02T03:04:05Z">2024-01-02T03:04:05Z</time></p>',
    ],
    [
      '<time:2024-01-02T03:04:05+01:00>',
      '<p><time datetime="2024-01-02T02:04:05Z">2024-01-02T03:04:05+01:00</time></p>',
    ],
    ['<time:1704164645>', '<p><time datetime="2024-01-02T03:04:05Z">1704164645</time></p>'],
    [
      'at <time:2030-06-01T12:00:00Z>!',
      '<p>at <time datetime="2030-06-01T12:00:00Z">2030-06-01T12:00:00Z</time>!</p>',
    ],
    [
      '<time:not a time>',
      '<p><span class="timestamp-error">Invalid time format: not a time</span></p>',
    ],
  ]),
  ...group('mentions', [
    [
      '@**Mel Member**',
      '<p><span class="user-mention" data-user-id="{u:member}">@Mel Member</span></p>',
    ],
    [
      'hi @**Mel Member**!',
      '<p>hi <span class="user-mention" data-user-id="{u:member}">@Mel Member</span>!</p>',
    ],
    [
      '@**Mel Member|{u:member}**',
      '<p><span class="user-mention" data-user-id="{u:member}">@Mel Member</span></p>',
    ],
    [
      '@_**Mel Member**',
      '<p><span class="user-mention silent" data-user-id="{u:member}">Mel Member</span></p>',
    ],
    [
      '@*support*',
      '<p><span class="user-group-mention" data-user-group-id="{g:support}">@support</span></p>',
    ],
    [
      '@_*support*',
      '<p><span class="user-group-mention silent" data-user-group-id="{g:support}">support</span></p>',
    ],
    [
      '@**all**',
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>',
    ],
    [
      '@**everyone**',
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span></p>',
    ],
    [
      '@**channel**',
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span></p>',
    ],
    ['@**topic**', '<p><span class="topic-mention">@topic</span></p>'],
    ['@**Nobody Here**', '<p>@<strong>Nobody Here</strong></p>'],
    ['`@**Mel Member**`', '<p><code>@**Mel Member**</code></p>'],
    [
      '@**Olive Owner** and @**Ada Admin**',
      '<p><span class="user-mention" data-user-id="{u:owner}">@Olive Owner</span> and <span class="user-mention" data-user-id="{u:admin}">@Ada Admin</span></p>',
    ],
    ['mail@**Mel Member**', '<p>mail@<strong>Mel Member</strong></p>'],
  ]),
  ...group('channel links', [
    ['#**general**', `<p>${channel('general')}</p>`],
    ['see #**development**', `<p>see ${channel('development')}</p>`],
    [
      '#**general>lunch**',
      '<p><a class="stream-topic" data-stream-id="{c:general}" href="/#narrow/channel/{c:general}-general/topic/lunch">#general &gt; lunch</a></p>',
    ],
    [
      '#**general>two words**',
      '<p><a class="stream-topic" data-stream-id="{c:general}" href="/#narrow/channel/{c:general}-general/topic/two.20words">#general &gt; two words</a></p>',
    ],
    ['#**nope**', '<p>#<strong>nope</strong></p>'],
    ['`#**general**`', '<p><code>#**general**</code></p>'],
    [
      '#**general** and #**development**',
      `<p>${channel('general')} and ${channel('development')}</p>`,
    ],
  ]),
  ...group('tables', [
    [
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
    ],
    [
      '| x |\n| --- |\n| **y** |',
      '<table>\n<thead>\n<tr>\n<th>x</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><strong>y</strong></td>\n</tr>\n</tbody>\n</table>',
    ],
    [
      '| l | c | r |\n| :- | :-: | -: |\n| 1 | 2 | 3 |',
      '<table>\n<thead>\n<tr>\n<th style="text-align: left;">l</th>\n<th style="text-align: center;">c</th>\n<th style="text-align: right;">r</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align: left;">1</td>\n<td style="text-align: center;">2</td>\n<td style="text-align: right;">3</td>\n</tr>\n</tbody>\n</table>',
    ],
  ]),
  ...group('linkifiers', [['#42', '<p>#42</p>']]),
];
