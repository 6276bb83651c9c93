import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call } from './messaging-client.ts';
import { byRole, raw } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

describe('per-user rate limiting', () => {
  it('sends X-RateLimit headers on every authenticated response, errors included', async () => {
    server = await startServer({ rateLimit: { requests: 5, windowSeconds: 60 } });
    const owner = byRole(server, 100);
    const first = await call(server, owner, 'GET', '/users/me');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 5);
    const failing = await call(server, owner, 'GET', '/users/99999');
    expect(failing.status).toBe(404);
    expect(failing.headers.get('x-ratelimit-remaining')).toBe('3');
  });

  it('answers RATE_LIMIT_HIT (429) with retry-after once the limit is used, per user, until the window passes', async () => {
    const clock = new ManualClock();
    server = await startServer({ clock, rateLimit: { requests: 3, windowSeconds: 10 } });
    const [owner, member] = [byRole(server, 100), byRole(server, 400)];
    for (let i = 0; i < 3; i++)
      expect((await call(server, owner, 'GET', '/users/me')).status).toBe(200);
    await clock.advance(4000);
    const refused = await call(server, owner, 'GET', '/users/me');
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMIT_HIT']);
    expect(refused.body['retry-after']).toBeCloseTo(6, 1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await call(server, member, 'GET', '/users/me')).status).toBe(200);
    await clock.advance(6000);
    expect((await call(server, owner, 'GET', '/users/me')).status).toBe(200);
  });

  it('is on by default with a generous limit', async () => {
    server = await startServer();
    const r = await call(server, byRole(server, 100), 'GET', '/users/me');
    expect(Number(r.headers.get('x-ratelimit-limit'))).toBeGreaterThanOrEqual(1000);
  });

  it('can be switched off, and leaves unauthenticated endpoints without the headers', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, 100);
    const r = await call(server, owner, 'GET', '/users/me');
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    const open = await raw(server, 'GET', '/server_settings');
    expect(open.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
