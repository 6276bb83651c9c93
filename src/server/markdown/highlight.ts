/**
 * Code-block highlighting in upstream's markup: upstream runs Pygments and emits its short
 * token classes (`k`, `nf`, `s2`, ...), which clients style. highlight.js is the
 * well-kept highlighter here; its scopes are mapped onto those Pygments classes, and
 * scopes Pygments has no class for are unwrapped to plain text.
 */
import hljs from 'highlight.js/lib/common';

/** Pygments lexer names by the aliases people type after the fence. */
const LEXER_NAMES: Readonly<Record<string, string>> = {
  python: 'Python',
  py: 'Python',
  python3: 'Python',
  js: 'JavaScript',
  javascript: 'JavaScript',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  json: 'JSON',
  bash: 'Bash',
  sh: 'Bash',
  shell: 'Bash',
  rust: 'Rust',
  rs: 'Rust',
  go: 'Go',
  golang: 'Go',
  c: 'C',
  cpp: 'C++',
  'c++': 'C++',
  java: 'Java',
  ruby: 'Ruby',
  rb: 'Ruby',
  sql: 'SQL',
  html: 'HTML',
  css: 'CSS',
  yaml: 'YAML',
  yml: 'YAML',
  xml: 'XML',
  diff: 'Diff',
  text: 'Text only',
  kotlin: 'Kotlin',
  swift: 'Swift',
  php: 'PHP',
  markdown: 'Markdown',
  md: 'Markdown',
};

/** The value of data-code-language: Pygments' name when it knows the alias, else as typed. */
export function lexerName(lang: string): string {
  return LEXER_NAMES[lang.toLowerCase()] ?? lang;
}

function pygmentsClass(scope: string, text: string): string | undefined {
  switch (scope) {
    case 'keyword':
      return /^(const|let|var|function|class|func|interface|type|struct|enum)$/.test(text)
        ? 'kd'
        : 'k';
    case 'built_in':
      return 'nb';
    case 'literal':
      return 'kc';
    case 'type':
      return 'kt';
    case 'number':
      return /[.eE]/.test(text) && !/^0x/i.test(text) ? 'mf' : 'mi';
    case 'string':
      return text.startsWith("'") ? 's1' : 's2';
    case 'comment':
      return /^(#|\/\/|--)/.test(text) ? 'c1' : 'cm';
    case 'title.function':
    case 'title.function.invoke':
      return 'nf';
    case 'title.class':
      return 'nc';
    case 'attr':
      return 'nt';
    case 'operator':
      return 'o';
    case 'punctuation':
      return 'p';
    case 'variable':
      return 'nv';
    case 'meta':
      return 'cp';
    case 'tag':
    case 'name':
      return 'nt';
    case 'attribute':
      return 'na';
    case 'regexp':
      return 'sr';
    case 'symbol':
      return 'ss';
    default:
      return undefined;
  }
}

function unescape(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Rewrites highlight.js markup into Pygments' classes, keeping the escaped text. */
function toPygments(html: string): string {
  const out: string[] = [];
  // Each open span: whether it was kept (so its closing tag is kept too).
  const open: boolean[] = [];
  const re = /<span class="hljs-([^"]+)">([^<]*)|<\/span>|([^<]+)/g;
  for (const m of html.matchAll(re)) {
    if (m[0] === '</span>') {
      if (open.pop()) out.push('</span>');
    } else if (m[1] !== undefined) {
      // "title function_" is the scope title.function.
      const scope = m[1]
        .split(' ')
        .map((part) => part.replace(/_+$/, ''))
        .join('.');
      const cls = pygmentsClass(scope, unescape(m[2] ?? ''));
      open.push(cls !== undefined);
      if (cls !== undefined) out.push(`<span class="${cls}">`);
      out.push(m[2] ?? '');
    } else out.push(m[3] ?? '');
  }
  // Pygments writes the apostrophe as &#39;.
  return out.join('').replace(/&#x27;/g, '&#39;');
}

/** The block's inner HTML: highlighted when highlight.js knows the language, else escaped. */
export function highlight(
  code: string,
  lang: string | undefined,
  escape: (s: string) => string,
): string {
  if (lang && hljs.getLanguage(lang)) {
    try {
      return toPygments(hljs.highlight(code, { language: lang, ignoreIllegals: true }).value);
    } catch {
      // A grammar that throws on odd input leaves the code unhighlighted.
    }
  }
  return escape(code);
}
