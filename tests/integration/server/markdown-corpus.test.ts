/**
 * Upstream's Markdown dialect over POST /messages/render: each corpus input against the
 * HTML upstream documents for it, after whitespace normalization. Prints the share that
 * matches per feature and holds each feature to the floor it has reached.
 */
import katex from 'katex';
import { katexClassesAsUpstream } from '../../../src/lib/katex-classes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { emojiSourceUrl } from '../../../src/server/emoji/realm-emoji.ts';
import { byEmail, ok } from './messaging-client.ts';
import { CORPUS } from './markdown-corpus/cases.ts';
import { FLOORS } from './markdown-corpus/floors.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
  // The sender of the cases that need upstream's translate_emoticons on.
  await ok(server, byEmail(server, 'owner'), 'PATCH', '/settings', { translate_emoticons: true });
});
afterAll(async () => {
  await server.close();
});

/** Whitespace between tags and runs of it in text do not count, as in upstream's tests. */
function normalize(html: string): string {
  return html
    .replace(/<br>\s+/g, '<br>')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

function expand(text: string): string {
  const { state } = server;
  const math = text.replace(/\[\[(katex(?:-display)?):(.*?)\]\]/g, (_, kind: string, tex: string) =>
    katex
      .renderToString(tex, { throwOnError: false, displayMode: kind === 'katex-display' })
      // Upstream's KaTeX (before 0.17) names these classes without the prefix.
      .replace(/class="([^"]*)"/g, (_, v: string) => `class="${katexClassesAsUpstream(v)}"`),
  );
  return math.replace(/\{([a-z]+):([^}]*)\}/g, (whole, kind: string, arg: string) => {
    switch (kind) {
      case 'u':
        return String(byEmail(server, arg).user_id);
      case 'c':
        return String(state.channelByName(arg)?.stream_id);
      case 'g':
        return String([...state.userGroups.values()].find((g) => g.name === arg)?.id);
      case 'e': {
        const e = [...state.realmEmoji.values()].find((x) => x.name === arg);
        return e ? emojiSourceUrl(e) : whole;
      }
      default:
        return whole;
    }
  });
}

describe('Markdown corpus', () => {
  it(`renders ${CORPUS.length} documented inputs as upstream does`, async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(150);
    const member = byEmail(server, 'member');
    const translating = byEmail(server, 'owner');
    const tally = new Map<string, { matched: number; total: number; misses: string[] }>();
    for (const c of CORPUS) {
      const r = await ok(
        server,
        c.translateEmoticons ? translating : member,
        'POST',
        '/messages/render',
        {
          content: expand(c.markdown),
        },
      );
      const got = normalize(r.rendered as string);
      const want = normalize(expand(c.html));
      const t = tally.get(c.feature) ?? { matched: 0, total: 0, misses: [] };
      t.total++;
      if (got === want) t.matched++;
      else t.misses.push(`${JSON.stringify(c.markdown)}\n    want ${want}\n    got  ${got}`);
      tally.set(c.feature, t);
    }
    const lines = [...tally].map(
      ([f, t]) =>
        `${f.padEnd(14)} ${t.matched}/${t.total} ${Math.round((100 * t.matched) / t.total)}%`,
    );
    const matched = [...tally.values()].reduce((n, t) => n + t.matched, 0);
    lines.push(
      `${'all'.padEnd(14)} ${matched}/${CORPUS.length} ${Math.round((100 * matched) / CORPUS.length)}%`,
    );
    console.log(`Markdown corpus match share\n${lines.join('\n')}`);
    if (process.env.CORPUS_MISSES)
      for (const [f, t] of tally) for (const m of t.misses) console.log(`[${f}] ${m}`);
    for (const [feature, t] of tally)
      expect(t.matched / t.total, feature).toBeGreaterThanOrEqual(FLOORS[feature] ?? 0);
  });
});
