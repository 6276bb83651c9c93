import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({});
});
afterAll(() => server.close());

function get(path: string) {
  const u = server.users[0]!;
  return fetch(`${server.url}/api/v1${path}`, {
    headers: {
      authorization: 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64'),
    },
  });
}

describe('the 5000-message limit over real HTTP', () => {
  it('answers 5000 message_ids, and refuses 5001 with a JSON BAD_REQUEST', async () => {
    const ids = (n: number) =>
      encodeURIComponent(JSON.stringify(Array.from({ length: n }, (_, i) => 100000 + i)));
    const ok = await get(`/messages?message_ids=${ids(5000)}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).result).toBe('success');
    const tooMany = await get(`/messages?message_ids=${ids(5001)}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
