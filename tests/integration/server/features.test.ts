/**
 * The demo's headline features: a video provider served by the server itself and an owner with
 * a push device, each settable, and each push-test error forced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_TEST_ERRORS } from '../../../src/server/features.ts';
import { startServer, type ServerOptions, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole } from './admin-client.ts';

let server: StartedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// A small demo: the features do not depend on the history's size.
const DEMO = { demo: { messages: 40 }, rateLimit: false } as const;

async function start(options: ServerOptions): Promise<StartedServer> {
  server = await startServer(options);
  return server;
}

const pushTest = (s: StartedServer) =>
  call(s, byRole(s, 100), 'POST', '/mobile_push/e2ee/test_notification');
const createCall = (s: StartedServer, role = 100) =>
  call(s, byRole(s, role), 'POST', '/calls/videoprovider/create');

describe('the demo organization', () => {
  it('creates a video call on a page the server itself serves, for any of its people', async () => {
    const s = await start(DEMO);
    for (const role of [100, 400, 600]) {
      const register = await ok(s, byRole(s, role), 'POST', '/register', {
        fetch_event_types: '["video_calls"]',
      });
      expect(register.has_videoprovider_token).toBe(true);
    }
    const created = await createCall(s, 400);
    expect(created.body.result).toBe('success');
    const url = created.body.url as string;
    expect(url).toMatch(new RegExp(`^${s.url}/call/[0-9a-f]{16}$`));

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const html = await page.text();
    const id = url.split('/').pop()!;
    expect(html).toContain(`<title>Video call ${id}</title>`);
    expect(html).toContain("This is the demo server's stand-in meeting room");
    // Self-contained: nothing for the browser to fetch.
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import/);
  });

  it('sends the owner’s push test successfully', async () => {
    const s = await start(DEMO);
    const r = await pushTest(s);
    expect(r.body).toMatchObject({ result: 'success' });
  });

  it('serves no meeting page for an id it could not have made, nor for another provider', async () => {
    const s = await start(DEMO);
    expect((await fetch(`${s.url}/call/not-a-call`)).status).toBe(404);
    s.setVideoProvider('https://video.example');
    expect((await fetch(`${s.url}/call/0123456789abcdef`)).status).toBe(404);
  });
});

describe('startServer options for the headline features', () => {
  it('videoProvider none: creating a call says no provider is configured', async () => {
    const s = await start({ ...DEMO, videoProvider: 'none' });
    const r = await createCall(s);
    expect([r.status, r.body.code, r.body.msg]).toEqual([
      400,
      'BAD_REQUEST',
      'The video call provider is not configured on this server.',
    ]);
    const register = await ok(s, byRole(s, 100), 'POST', '/register', {
      fetch_event_types: '["video_calls"]',
    });
    expect(register.has_videoprovider_token).toBe(false);
    expect((await fetch(`${s.url}/call/0123456789abcdef`)).status).toBe(404);
  });

  it('videoProvider local also works on the small fixed organization', async () => {
    const s = await start({ rateLimit: false, videoProvider: 'local' });
    const r = await createCall(s, 400);
    expect((await fetch(r.body.url as string)).status).toBe(200);
  });

  it('pushDevice false: the push test finds no device', async () => {
    const s = await start({ ...DEMO, pushDevice: false });
    const r = await pushTest(s);
    expect([r.status, r.body.code]).toEqual([400, 'NO_ACTIVE_PUSH_DEVICE']);
  });

  it.each(PUSH_TEST_ERRORS.map((code) => [code]))(
    'pushTestError %s: the push test fails with that error',
    async (code) => {
      const s = await start({ ...DEMO, pushTestError: code });
      const r = await pushTest(s);
      expect(r.body).toMatchObject({ result: 'error', code });
    },
  );

  it('the small fixed organization keeps no provider by default', async () => {
    const s = await start({ rateLimit: false });
    expect((await createCall(s)).body.msg).toBe(
      'The video call provider is not configured on this server.',
    );
  });
});
