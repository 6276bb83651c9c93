/**
 * Channel, topic and message links of upstream's dialect (`#**channel**`,
 * `#**channel>topic**`, `#**channel>topic@id**`), with upstream's `#narrow/...` hrefs.
 * An unknown channel stays literal text, as upstream leaves it.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

export interface ChannelDirectory {
  channelByName?(name: string): { id: number; name: string } | undefined;
}

interface NarrowToken extends Tokens.Generic {
  type: 'narrowLink';
  raw: string;
  channel: { id: number; name: string };
  topic?: string;
  messageId?: number;
}

/** Upstream's hash encoding: percent-encoding with '.' for '%', and '.' itself escaped. */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

export function channelSlug(channel: { id: number; name: string }): string {
  return `${channel.id}-${encodeHashComponent(channel.name.replaceAll(' ', '-'))}`;
}

const LINK = /^#\*\*([^*>\n]+)(?:>([^*\n]+?))?\*\*/;

export function narrowLinkExtension(directory: ChannelDirectory): TokenizerAndRendererExtension {
  return {
    name: 'narrowLink',
    level: 'inline',
    start: (src) => src.indexOf('#**'),
    tokenizer(src): NarrowToken | undefined {
      const m = LINK.exec(src);
      if (!m) return undefined;
      const channel = directory.channelByName?.(m[1]!);
      if (!channel) return undefined;
      const token: NarrowToken = { type: 'narrowLink', raw: m[0], channel };
      if (m[2] !== undefined) {
        const near = /^(.*)@(\d+)$/.exec(m[2]);
        token.topic = near ? near[1] : m[2];
        if (near) token.messageId = Number(near[2]);
      }
      return token;
    },
    renderer(t) {
      const { channel, topic, messageId } = t as NarrowToken;
      const base = `/#narrow/channel/${channelSlug(channel)}`;
      const name = escapeHtml(channel.name);
      if (topic === undefined)
        return `<a class="stream" data-stream-id="${channel.id}" href="${base}">#${name}</a>`;
      const topicHref = `${base}/topic/${encodeHashComponent(topic)}`;
      if (messageId === undefined)
        return `<a class="stream-topic" data-stream-id="${channel.id}" href="${topicHref}">#${name} &gt; ${escapeHtml(topic)}</a>`;
      return `<a class="message-link" href="${topicHref}/near/${messageId}">#${name} &gt; ${escapeHtml(topic)} @ 💬</a>`;
    },
  };
}
