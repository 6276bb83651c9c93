/**
 * include_anchor is new at FL 155: an older server ignores it and always returns the anchor.
 * The reference server honours it at every level, so a stub plays the older server.
 */
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { getMessages } from '../../../src/api/routes/messages.ts';
import { fetchMissedMessages } from '../../../src/core/sync/gap-fill.ts';
import { message } from './samples.ts';
import { useStubClient, type StubRequest, type StubServer } from './schemas/helpers.ts';

const IDS = [10, 20, 30, 40, 50, 60, 70];
/** This server hands out at most this many messages after the anchor per request. */
const SERVER_PAGE = 2;

/** GET /messages of a server before FL 155: the anchor and what follows it, never before. */
function olderServerMessages(request: StubRequest): object {
  const anchor = Number(request.params.get('anchor'));
  const after = Math.min(Number(request.params.get('num_after')), SERVER_PAGE);
  const from = IDS.filter((id) => id >= anchor);
  const page = from.slice(0, after + (from[0] === anchor ? 1 : 0));
  return {
    anchor,
    found_anchor: from[0] === anchor,
    found_newest: page.length === from.length,
    found_oldest: false,
    messages: page.map((id) => ({ ...message, id })),
  };
}

describe('include_anchor=false on a server before FL 155', () => {
  const stub = useStubClient();
  let server: StubServer | undefined;

  async function at(level: number): Promise<ApiClient> {
    const started = await stub({ '/messages': olderServerMessages }, level);
    server = started.server;
    return started.client;
  }

  it('leaves the anchor out of the answer, as a newer server would', async () => {
    const { data } = await getMessages(await at(154), {
      anchor: 20,
      include_anchor: false,
      num_before: 0,
      num_after: 2,
    });
    expect(data.messages.map((m) => m.id)).toEqual([30, 40]);
    expect(data.found_anchor).toBe(false);
    expect(server?.requests[0]?.params.has('include_anchor')).toBe(false);
  });

  it('still sends include_anchor to a server that knows it', async () => {
    await getMessages(await at(155), {
      anchor: 20,
      include_anchor: false,
      num_before: 0,
      num_after: 2,
    });
    expect(server?.requests[0]?.params.get('include_anchor')).toBe('false');
  });

  it('fills a gap with each missed message once, and none the client already had', async () => {
    const missed = await fetchMissedMessages(await at(154), 20);
    expect(missed.map((m) => m.message.id)).toEqual([30, 40, 50, 60, 70]);
    expect(server?.requests.length).toBeGreaterThan(1);
  });
});
