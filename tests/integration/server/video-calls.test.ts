import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

describe('POST /calls/videoprovider/create (spec 4.21)', () => {
  it('creates a call URL on the configured provider for a user with a token', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    server.setVideoProvider('https://video.example');
    server.setVideoProviderToken(member.user_id, true);
    const body = await ok(server, member, 'POST', '/calls/videoprovider/create');
    expect(body.url).toMatch(/^https:\/\/video\.example\/call\/[0-9a-f]{16}$/);
  });

  it('fails with a clear error without a provider or without the user’s token', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const noProvider = await call(server, member, 'POST', '/calls/videoprovider/create');
    expect([noProvider.status, noProvider.body.code, noProvider.body.msg]).toEqual([
      400,
      'BAD_REQUEST',
      expect.stringMatching(/not configured/),
    ]);
    server.setVideoProvider('https://video.example');
    const noToken = await call(server, member, 'POST', '/calls/videoprovider/create');
    expect(noToken.body.msg).toMatch(/not connected/);
  });

  it('tells the user when the token state changes', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const w = await watch(server, member, ['has_videoprovider_token']);
    server.setVideoProviderToken(member.user_id, true);
    server.setVideoProviderToken(member.user_id, false);
    expect((await w.events()).map((e) => e.value)).toEqual([true, false]);
  });
});
