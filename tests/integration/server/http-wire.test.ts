import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { basic, byRole, raw } from './admin-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(() => server.close());

describe('wire format (docs/api-notes.md)', () => {
  it('reads a form body on DELETE', async () => {
    const member = byRole(server, 400);
    const r = await raw(
      server,
      'DELETE',
      '/users/me/subscriptions',
      'subscriptions=%5B%22development%22%5D',
      basic(member),
    );
    expect(r.body).toMatchObject({ result: 'success', removed: ['development'] });
  });

  it('wraps every success in result/msg', async () => {
    const body = await ok(server, byRole(server, 100), 'GET', '/users/me');
    expect(body).toMatchObject({ result: 'success', msg: '' });
  });

  it('keeps an idle connection open 65 s, as upstream nginx does, and says so', async () => {
    // A client's read marks a few seconds apart must not each open a connection.
    const r = await raw(server, 'GET', '/server_settings');
    expect(r.status).toBe(200);
    expect(r.headers.get('connection')).toBe('keep-alive');
    expect(r.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('names a missing required parameter in var_name', async () => {
    const r = await call(server, byRole(server, 100), 'POST', '/saved_snippets', { title: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
  });

  it('names the parameter of a malformed value (bad JSON, wrong type, out of range)', async () => {
    const owner = byRole(server, 100);
    const badJson = await call(server, owner, 'POST', '/users/me/subscriptions', {
      subscriptions: '[{',
    });
    expect([badJson.status, badJson.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(badJson.body.msg).toContain('subscriptions');
    const badBool = await call(server, owner, 'GET', '/users/me/subscriptions', {
      include_subscribers: 'yes',
    });
    expect(badBool.body.msg).toContain('include_subscribers');
    const badInt = await call(server, owner, 'PATCH', '/settings', { web_font_size_px: 'big' });
    expect(badInt.body.msg).toContain('web_font_size_px');
    const outOfRange = await call(server, owner, 'PATCH', '/settings', { color_scheme: 9 });
    expect([outOfRange.body.code, outOfRange.body.msg]).toEqual([
      'BAD_REQUEST',
      expect.stringContaining('color_scheme'),
    ]);
  });

  it('lists parameters the endpoint does not support in ignored_parameters_unsupported', async () => {
    const body = await ok(server, byRole(server, 100), 'GET', '/users/me', { frobnicate: true });
    expect(body.ignored_parameters_unsupported).toEqual(['frobnicate']);
  });

  it('answers unknown routes with 404 BAD_REQUEST and a wrong method with 405', async () => {
    const owner = byRole(server, 100);
    const unknown = await call(server, owner, 'GET', '/no/such/endpoint');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'BAD_REQUEST']);
    const method = await call(server, owner, 'PUT', '/users/me');
    expect(method.status).toBe(405);
  });

  it('also reads multipart form bodies, as some client libraries send them', async () => {
    const owner = byRole(server, 100);
    const form = new FormData();
    form.append('title', 'From multipart');
    form.append('content', 'works');
    const res = await fetch(`${server.url}/api/v1/saved_snippets`, {
      method: 'POST',
      headers: basic(owner),
      body: form,
    });
    expect(res.status).toBe(200);
    const list = await ok(server, owner, 'GET', '/saved_snippets');
    expect(list.saved_snippets).toContainEqual(
      expect.objectContaining({ title: 'From multipart', content: 'works' }),
    );
    const broken = await raw(server, 'POST', '/saved_snippets', '--x\r\nnonsense', {
      ...basic(owner),
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect([broken.status, broken.body.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('rejects a body that is not form-encoded', async () => {
    const r = await raw(server, 'POST', '/saved_snippets', '{"title":"a"}', {
      ...basic(byRole(server, 100)),
      'Content-Type': 'application/json',
    });
    expect([r.status, r.body.code]).toEqual([400, 'BAD_REQUEST']);
  });
});

describe('feature levels', () => {
  it('hides endpoints that did not exist yet, like an unknown route', async () => {
    const old = await startServer({ featureLevel: 388, rateLimit: false });
    try {
      const owner = byRole(old, 100);
      const folders = await call(old, owner, 'GET', '/channel_folders');
      expect([folders.status, folders.body.code]).toEqual([404, 'BAD_REQUEST']);
      const video = await call(old, owner, 'POST', '/calls/videoprovider/create');
      expect(video.status).toBe(404);
      const settings = await raw(old, 'GET', '/server_settings');
      expect(settings.body.service_feature_level).toBe(388);
    } finally {
      await old.close();
    }
  });
});
