import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const ISSUE = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/issues/{id}' };

describe('linkifiers (spec 4.16)', () => {
  it('adds, lists and deletes a linkifier, telling every user', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const w = await watch(server, byRole(server, 600), ['realm_linkifiers']);
    const id = (
      await ok(server, admin, 'POST', '/realm/filters', {
        ...ISSUE,
        reverse_template: '#{id}',
        example_input: '#123',
      })
    ).id as number;
    const list = (await ok(server, byRole(server, 400), 'GET', '/realm/linkifiers')).linkifiers;
    expect(list).toEqual([
      {
        id,
        pattern: ISSUE.pattern,
        url_template: ISSUE.url_template,
        reverse_template: '#{id}',
        alternative_url_templates: [],
      },
    ]);
    await ok(server, admin, 'DELETE', `/realm/filters/${id}`);
    expect((await ok(server, admin, 'GET', '/realm/linkifiers')).linkifiers).toEqual([]);
    expect((await w.events()).map((e) => (e.realm_linkifiers as unknown[]).length)).toEqual([1, 0]);
  });

  it('rejects a bad pattern, unknown template groups and a reverse template that does not regenerate the example', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const badPattern = await call(server, admin, 'POST', '/realm/filters', {
      pattern: '([a-',
      url_template: 'https://x.example/{a}',
    });
    expect(badPattern.body.msg).toBe('Bad regular expression: missing closing ]: `[a-`');
    const badGroup = await call(server, admin, 'POST', '/realm/filters', {
      ...ISSUE,
      url_template: 'https://x.example/{nope}',
    });
    expect(badGroup.body.code).toBe('BAD_REQUEST');
    const badReverse = await call(server, admin, 'POST', '/realm/filters', {
      ...ISSUE,
      reverse_template: 'issue-{id}',
      example_input: '#12',
    });
    expect(badReverse.body.code).toBe('BAD_REQUEST');
    const missing = await call(server, admin, 'POST', '/realm/filters', { pattern: ISSUE.pattern });
    expect(missing.body.var_name).toBe('url_template');
    expect((await call(server, admin, 'DELETE', '/realm/filters/9999')).body.code).toBe(
      'BAD_REQUEST',
    );
  });

  it('refuses an example the pattern does not match, even one that backtracks for ever elsewhere', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 200), 'POST', '/realm/filters', {
      pattern: '(?P<a>(x+)+)y',
      url_template: 'https://x.example/{a}',
      reverse_template: '{a}y',
      example_input: 'x'.repeat(40),
    });
    expect([r.status, r.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await call(server, byRole(server, 200), 'GET', '/realm/linkifiers')).status).toBe(200);
  });

  it('refuses what RE2 cannot compile, naming the problem, and keeps linear-time patterns', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const add = (pattern: string) =>
      call(server, admin, 'POST', '/realm/filters', {
        pattern,
        url_template: 'https://x.example/{id}',
      });
    const backreference = await add('(?P<id>[a-z])\\1');
    expect([backreference.status, backreference.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(backreference.body.msg).toBe(
      'Bad regular expression: invalid escape sequence: `\\1`; backreferences are not supported',
    );
    const lookahead = await add('(?P<id>\\d+)(?=x)');
    expect(lookahead.body.msg).toBe(
      'Bad regular expression: invalid or unsupported Perl syntax: `(?=`; lookahead and lookbehind are not supported',
    );
    expect((await ok(server, admin, 'GET', '/realm/linkifiers')).linkifiers).toEqual([]);
    // Nested repetition is no danger to a linear-time engine.
    expect((await add('(?P<id>(a+)+)b')).body.result).toBe('success');
    await ok(server, admin, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'redos',
      content: 'a'.repeat(40),
    });
  });

  it('updates a linkifier with the same checks as creation', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const id = (await ok(server, admin, 'POST', '/realm/filters', ISSUE)).id as number;
    const refused = await call(server, admin, 'PATCH', `/realm/filters/${id}`, {
      ...ISSUE,
      pattern: '#(?P<id>[0-9]+)(?!x)',
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(refused.body.msg).toContain('Bad regular expression');
    await ok(server, admin, 'PATCH', `/realm/filters/${id}`, {
      ...ISSUE,
      pattern: 'T(?P<id>\\d+)',
    });
    expect((await ok(server, admin, 'GET', '/realm/linkifiers')).linkifiers).toMatchObject([
      { id, pattern: 'T(?P<id>\\d+)' },
    ]);
  });

  it('is for administrators only', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 400), 'POST', '/realm/filters', ISSUE);
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('uses url_format_string before FL 176', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 175 });
    const admin = byRole(server, 200);
    const missing = await call(server, admin, 'POST', '/realm/filters', ISSUE);
    expect(missing.body.var_name).toBe('url_format_string');
    await ok(server, admin, 'POST', '/realm/filters', {
      pattern: ISSUE.pattern,
      url_format_string: ISSUE.url_template,
    });
    const [l] = (await ok(server, admin, 'GET', '/realm/linkifiers')).linkifiers as Record<
      string,
      unknown
    >[];
    expect(l).toMatchObject({ url_format_string: ISSUE.url_template });
    expect(l).not.toHaveProperty('url_template');
  });
});
