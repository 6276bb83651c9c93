/**
 * Linkifiers (spec 2.7): organization patterns that turn text such as `#123` into links,
 * in message content (as a `marked` inline extension) and in topics (`topic_links`).
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

export interface LinkifierRule {
  pattern: string;
  url_template: string;
}

export interface LinkMatch {
  index: number;
  text: string;
  url: string;
}

const compiled = new Map<string, RegExp | null>();

/** The rule's pattern as a global regular expression; Python-style named groups accepted. */
function regexOf(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
    } catch {
      re = null;
    }
    compiled.set(pattern, re);
  }
  return re;
}

function expand(template: string, groups: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(groups[name] ?? ''),
  );
}

/** Every non-empty match of every rule in `text`, in order of position. */
export function linkifierMatches(text: string, rules: Iterable<LinkifierRule>): LinkMatch[] {
  const out: LinkMatch[] = [];
  for (const rule of rules) {
    const re = regexOf(rule.pattern);
    if (!re) continue;
    // matchAll starts where the shared regex last stopped.
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (m[0] === '') continue;
      out.push({ index: m.index, text: m[0], url: expand(rule.url_template, m.groups ?? {}) });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

interface LinkifierToken extends Tokens.Generic {
  type: 'linkifier';
  raw: string;
  url: string;
}

/** Where the first rule matches in `src`; runs on every stretch of inline text, so it allocates nothing. */
function firstMatchIndex(src: string, rules: Iterable<LinkifierRule>): number | undefined {
  let best: number | undefined;
  for (const rule of rules) {
    const re = regexOf(rule.pattern);
    if (!re) continue;
    re.lastIndex = 0;
    const m = re.exec(src);
    if (m && m[0] !== '' && (best === undefined || m.index < best)) best = m.index;
  }
  return best;
}

export function linkifierExtension(
  rules: () => Iterable<LinkifierRule>,
): TokenizerAndRendererExtension {
  return {
    name: 'linkifier',
    level: 'inline',
    start: (src) => firstMatchIndex(src, rules()),
    tokenizer(src): LinkifierToken | undefined {
      if (firstMatchIndex(src, rules()) !== 0) return undefined;
      const first = linkifierMatches(src, rules()).find((m) => m.index === 0);
      return first && { type: 'linkifier', raw: first.text, url: first.url };
    },
    renderer: (token) => {
      const t = token as LinkifierToken;
      return `<a href="${escapeHtml(t.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(t.raw)}</a>`;
    },
  };
}
