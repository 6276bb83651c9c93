import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(() => server.close());

describe('saved snippets (spec 4.17)', () => {
  it('creates, lists and deletes the caller’s own snippets with events to that user only', async () => {
    const [member, other] = [byRole(server, 400), byRole(server, 400, 1)];
    const mine = await watch(server, member, ['saved_snippets']);
    const theirs = await watch(server, other, ['saved_snippets']);
    const id = (
      await ok(server, member, 'POST', '/saved_snippets', {
        title: 'Greeting',
        content: 'Hello **team**',
      })
    ).saved_snippet_id as number;
    const list = (await ok(server, member, 'GET', '/saved_snippets')).saved_snippets as Record<
      string,
      unknown
    >[];
    expect(list).toContainEqual(
      expect.objectContaining({
        saved_snippet_id: id,
        title: 'Greeting',
        content: 'Hello **team**',
      }),
    );
    expect((await ok(server, other, 'GET', '/saved_snippets')).saved_snippets).toEqual([]);
    await ok(server, member, 'DELETE', `/saved_snippets/${id}`);
    expect((await ok(server, member, 'GET', '/saved_snippets')).saved_snippets).toEqual([]);
    expect((await mine.events()).map((e) => e.op)).toEqual(['add', 'remove']);
    expect(await theirs.events()).toEqual([]);
  });

  it('rejects an empty title or content with BAD_REQUEST', async () => {
    const member = byRole(server, 400);
    expect(
      (await call(server, member, 'POST', '/saved_snippets', { title: ' ', content: 'x' })).body
        .code,
    ).toBe('BAD_REQUEST');
    expect(
      (await call(server, member, 'POST', '/saved_snippets', { title: 'x', content: '' })).body
        .code,
    ).toBe('BAD_REQUEST');
    expect(
      (await call(server, member, 'POST', '/saved_snippets', { content: 'x' })).body.var_name,
    ).toBe('title');
  });

  it('will not delete someone else’s snippet or an unknown one', async () => {
    const [member, other] = [byRole(server, 400), byRole(server, 400, 1)];
    const id = (
      await ok(server, member, 'POST', '/saved_snippets', { title: 'Private', content: 'mine' })
    ).saved_snippet_id as number;
    const r = await call(server, other, 'DELETE', `/saved_snippets/${id}`);
    expect([r.status, r.body.code]).toEqual([404, 'BAD_REQUEST']);
    expect((await call(server, member, 'DELETE', '/saved_snippets/9999')).status).toBe(404);
  });
});
