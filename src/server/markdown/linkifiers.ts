/**
 * Linkifiers (spec 2.7): organization patterns that turn text such as `#123` into links,
 * in message content (as a `marked` inline extension) and in topics (`topic_links`).
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import {
  compileLinkifierRegex,
  findMatches,
  firstMatchIndex as firstIndexOf,
  matchAtStart,
  type LinkifierRegex,
} from '../../lib/linkifier-regex.ts';
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

// Patterns are checked when saved; one RE2 cannot compile (saved before that check) is skipped.
const compiled = new Map<string, LinkifierRegex | null>();

/** The rule's pattern under RE2 semantics, so matching stays linear in the text's length. */
function regexOf(pattern: string): LinkifierRegex | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    const result = compileLinkifierRegex(pattern);
    re = 'error' in result ? null : result;
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
    for (const m of findMatches(re, text)) {
      out.push({ index: m.index, text: m.text, url: expand(rule.url_template, m.groups) });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

interface LinkifierToken extends Tokens.Generic {
  type: 'linkifier';
  raw: string;
  url: string;
}

/** Where the first rule matches in `src`; runs on every stretch of inline text. */
function firstMatchIndex(src: string, rules: Iterable<LinkifierRule>): number | undefined {
  let best: number | undefined;
  for (const rule of rules) {
    const re = regexOf(rule.pattern);
    const index = re ? firstIndexOf(re, src) : undefined;
    if (index !== undefined && (best === undefined || index < best)) best = index;
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
      // The first rule, in order, that matches right here; nothing past the match is read.
      for (const rule of rules()) {
        const re = regexOf(rule.pattern);
        const m = re && matchAtStart(re, src);
        if (m) return { type: 'linkifier', raw: m.text, url: expand(rule.url_template, m.groups) };
      }
      return undefined;
    },
    renderer: (token) => {
      const t = token as LinkifierToken;
      return `<a href="${escapeHtml(t.url)}">${escapeHtml(t.raw)}</a>`;
    },
  };
}
