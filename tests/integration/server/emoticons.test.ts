/**
 * Upstream help "Configure emoticon translations": with the sender's translate_emoticons on,
 * `:)` and the rest of upstream's list become emoji when the message is sent, edited or
 * previewed; with it off, or where the emoticon is part of a word, a URL or code, nothing
 * changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok } from './messaging-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(async () => {
  await server.close();
});

const member = () => byEmail(server, 'member');
const render = async (content: string) =>
  (await ok(server, member(), 'POST', '/messages/render', { content })).rendered as string;
const emoji = (name: string, code: string) =>
  `<span aria-label="${name.replaceAll('_', ' ')}" class="emoji emoji-${code}" role="img" title="${name.replaceAll('_', ' ')}">:${name}:</span>`;

describe('emoticon translation', () => {
  it('is off by default: emoticons stay as typed', async () => {
    expect(await render('Thanks :) <3')).toBe('<p>Thanks :) &lt;3</p>');
  });

  it("follows the sender's setting in the preview, in a sent message and in an edit", async () => {
    await ok(server, member(), 'PATCH', '/settings', { translate_emoticons: true });
    expect(await render('Thanks :) <3')).toBe(
      `<p>Thanks ${emoji('smile', '1f642')} ${emoji('heart', '2764')}</p>`,
    );
    const general = server.state.channelByName('general')!.stream_id;
    const sent = await ok(server, member(), 'POST', '/messages', {
      type: 'stream',
      to: general,
      topic: 'emoticons',
      content: 'Sure ;)',
    });
    const id = sent.id as number;
    const fetched = async () =>
      ((await ok(server, member(), 'GET', `/messages/${id}`)).message as { content: string })
        .content;
    expect(await fetched()).toBe(`<p>Sure ${emoji('wink', '1f609')}</p>`);
    await ok(server, member(), 'PATCH', `/messages/${id}`, { content: 'Hmm :/' });
    expect(await fetched()).toBe(`<p>Hmm ${emoji('confused', '1f615')}</p>`);
  });

  it("uses upstream's emoji names (:| is neutral) and stops when the sender turns it off", async () => {
    await ok(server, member(), 'PATCH', '/settings', { translate_emoticons: true });
    expect(await render('Meh :|')).toBe(`<p>Meh ${emoji('neutral', '1f610')}</p>`);
    await ok(server, member(), 'PATCH', '/settings', { translate_emoticons: false });
    expect(await render('Meh :|')).toBe('<p>Meh :|</p>');
  });

  it('leaves emoticons inside words, URLs and code alone', async () => {
    await ok(server, member(), 'PATCH', '/settings', { translate_emoticons: true });
    expect(await render('a:)b and x;) y')).toBe('<p>a:)b and x;) y</p>');
    // Only upstream's edges count: a no-break space is not one of them.
    expect(await render('ok\u00a0:)')).toBe('<p>ok\u00a0:)</p>');
    expect(await render('`:(` and https://example.com/:D')).toBe(
      '<p><code>:(</code> and <a href="https://example.com/:D">https://example.com/:D</a></p>',
    );
    expect(await render('(:P)')).toBe(`<p>(${emoji('stuck_out_tongue', '1f61b')})</p>`);
  });
});
