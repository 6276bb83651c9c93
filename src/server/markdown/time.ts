/**
 * `<time:...>` as upstream renders it: a `<time>` element whose datetime is the moment in
 * UTC, keeping the text as written, so each reader's client shows it in their own zone.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

interface TimeToken extends Tokens.Generic {
  type: 'time';
  raw: string;
  text: string;
}

function parse(text: string): Date | undefined {
  const date = /^\d+$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function timeExtension(): TokenizerAndRendererExtension {
  return {
    name: 'time',
    level: 'inline',
    start: (src) => src.indexOf('<time:'),
    tokenizer(src): TimeToken | undefined {
      const m = /^<time:([^>\n]+)>/.exec(src);
      return m ? { type: 'time', raw: m[0], text: m[1]! } : undefined;
    },
    renderer(t) {
      const { text } = t as TimeToken;
      const date = parse(text);
      if (!date)
        return `<span class="timestamp-error">Invalid time format: ${escapeHtml(text)}</span>`;
      const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
      return `<time datetime="${iso}">${escapeHtml(text)}</time>`;
    },
  };
}
