import { describe, expect, it } from 'vitest';
import { dispatch, type HandlerTable } from '../../../../src/core/rpc/dispatch.ts';

/** Both ways to ask for a call, answered with `url` as if the server had sent it. */
const CHANNELS = ['adminOrg.createVideoCall', 'messages.videoCall'] as const;

function callWith(channel: (typeof CHANNELS)[number], url: string) {
  const handlers = { [channel]: async () => ({ url }) } as unknown as HandlerTable;
  return dispatch(handlers, channel, { accountId: 'ada@https://chat.example.org' });
}

describe('the video call link the server gives', () => {
  it.each(CHANNELS)('%s passes an http(s) link on', async (channel) => {
    for (const url of ['https://meet.example/abc', 'http://127.0.0.1:9991/call/1']) {
      expect(await callWith(channel, url)).toEqual({ ok: true, result: { url } });
    }
  });

  it.each(CHANNELS)('%s refuses any other scheme with an error, never a link', async (channel) => {
    for (const url of [
      'javascript:alert(document.domain)',
      'JavaScript://meet.example/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'zoommtg://zoom.us/join',
      'meet.example/abc',
      '',
    ]) {
      const r = await callWith(channel, url);
      expect(r, url).toMatchObject({ ok: false, error: { code: 'FAILED' } });
      expect(r.ok ? '' : r.error.message, url).toBe(
        'url: the video call link the server gave is not an http(s) address',
      );
    }
  });
});
