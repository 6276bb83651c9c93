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
  py3: 'Python',
  python2: 'Python 2.x',
  py2: 'Python 2.x',
  tex: 'TeX',
  latex: 'TeX',
  zsh: 'Bash',
  console: 'Bash Session',
  csharp: 'C#',
  'c#': 'C#',
  cs: 'C#',
  perl: 'Perl',
  pl: 'Perl',
  haskell: 'Haskell',
  hs: 'Haskell',
  scala: 'Scala',
  lua: 'Lua',
  r: 'R',
  ini: 'INI',
  toml: 'TOML',
  dockerfile: 'Docker',
  docker: 'Docker',
  makefile: 'Makefile',
  make: 'Makefile',
  powershell: 'PowerShell',
  ps1: 'PowerShell',
  elixir: 'Elixir',
  erlang: 'Erlang',
  clojure: 'Clojure',
  scss: 'SCSS',
  objc: 'Objective-C',
  'objective-c': 'Objective-C',
  graphql: 'GraphQL',
  nginx: 'Nginx configuration file',
  vim: 'VimL',
  dart: 'Dart',
  groovy: 'Groovy',
  ocaml: 'OCaml',
  fortran: 'Fortran',
  matlab: 'Matlab',
  julia: 'Julia',
  jl: 'Julia',
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

/** The highlight.js grammar for an alias whose name it spells otherwise. */
const GRAMMARS: Readonly<Record<string, string>> = { py2: 'python', python2: 'python' };

/**
 * TeX as Pygments' TeX lexer marks it: control sequences are keywords (`k`), braces
 * builtins (`nb`), the rest plain. highlight.js's common set has no TeX grammar.
 */
function highlightTex(code: string): string {
  return code.replace(
    /(\\[A-Za-z]+|\\.)|([{}])|([^\\{}]+)/g,
    (_, command: string | undefined, brace: string | undefined, text: string | undefined) =>
      command !== undefined
        ? `<span class="k">${escapeText(command)}</span>`
        : brace !== undefined
          ? `<span class="nb">${brace}</span>`
          : escapeText(text ?? ''),
  );
}

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

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * What Pygments marks that highlight.js leaves as plain text, by lexer: names, operators and
 * punctuation in the languages whose Pygments lexers give them tokens, and the spaces
 * between tokens (`w`) in those whose lexers emit Whitespace. Newlines stay plain, as in
 * upstream's output.
 */
/** The class of a plain name, by lexer: most say Name (`n`), the JavaScript family Name.Other. */
const NAME_CLASS: Readonly<Record<string, string>> = {
  Python: 'n',
  'Python 2.x': 'n',
  JavaScript: 'nx',
  TypeScript: 'nx',
  Java: 'n',
  C: 'n',
  'C++': 'n',
  Go: 'n',
  Rust: 'n',
  Kotlin: 'n',
  Swift: 'n',
  PHP: 'nx',
};
const MARKS_SPACES = new Set([
  'JSON',
  'Bash',
  'Java',
  'C',
  'C++',
  'Go',
  'Rust',
  'JavaScript',
  'TypeScript',
]);
/** Python's pseudo-builtins, which Pygments marks Name.Builtin.Pseudo (`bp`). */
const PYTHON_PSEUDO = /^(self|cls|Ellipsis|NotImplemented)$/;
/** Declarations highlight.js leaves unmarked when nothing follows them on the line. */
const DECLARATIONS = /^(class|interface|enum|struct|record|trait|impl)$/;

function plainTokens(text: string, lexer: string): string {
  const names = NAME_CLASS[lexer];
  const spaces = MARKS_SPACES.has(lexer);
  if (names === undefined && !spaces) return escapeText(text);
  const out: string[] = [];
  const re = /([ \t]+)|([A-Za-z_][A-Za-z0-9_]*)|([=+\-*/%<>!&|^~]+)|([()[\]{},;:.])|([^])/g;
  for (const m of text.matchAll(re)) {
    const token = escapeText(m[0]);
    let cls: string | undefined;
    if (m[1] !== undefined) cls = spaces ? 'w' : undefined;
    else if (names === undefined) cls = undefined;
    else if (m[2] !== undefined)
      cls = DECLARATIONS.test(m[0])
        ? 'kd'
        : lexer.startsWith('Python') && PYTHON_PSEUDO.test(m[0])
          ? 'bp'
          : names;
    else if (m[3] !== undefined) cls = 'o';
    else if (m[4] !== undefined) cls = 'p';
    // Pygments' HTML writes neighbouring tokens of one class as one span: `):` not `)` `:`.
    const last = out.length - 1;
    if (cls !== undefined && out[last]?.startsWith(`<span class="${cls}">`))
      out[last] = out[last].replace(/<\/span>$/, `${token}</span>`);
    else out.push(cls === undefined ? token : `<span class="${cls}">${token}</span>`);
  }
  return out.join('');
}

/** Rewrites highlight.js markup into Pygments' classes, keeping the escaped text. */
function toPygments(html: string, lexer: string): string {
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
      if (cls !== undefined) out.push(`<span class="${cls}">`, m[2] ?? '');
      else if (open.includes(true)) out.push(m[2] ?? '');
      // A scope Pygments has no class for (parameters, say) is read as plain text.
      else out.push(plainTokens(unescape(m[2] ?? ''), lexer));
    } else if (open.includes(true)) out.push(m[3] ?? '');
    else out.push(plainTokens(unescape(m[3] ?? ''), lexer));
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
  if (lang && lexerName(lang) === 'TeX') return highlightTex(code);
  const grammar = lang && (GRAMMARS[lang.toLowerCase()] ?? lang);
  if (grammar && hljs.getLanguage(grammar)) {
    try {
      const html = hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value;
      return toPygments(html, lexerName(lang));
    } catch {
      // A grammar that throws on odd input leaves the code unhighlighted.
    }
  }
  return escape(code);
}
