/**
 * POST /register answers every key upstream documents for the requested fetch_event_types at
 * the server's feature level, each with upstream's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { UPSTREAM_REGISTER_KEYS } from '../../../src/server/events/upstream-register-keys.ts';
import { byEmail, ok, send } from './messaging-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(async () => {
  await server.close();
});

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

describe('POST /register keys', () => {
  it('answers every documented key when every type is fetched', async () => {
    const r = await ok(server, byEmail(server, 'member'), 'POST', '/register');
    const level = server.state.featureLevel;
    const missing = UPSTREAM_REGISTER_KEYS.filter((k) => k.since <= level && !(k.key in r));
    expect(missing.map((k) => k.key)).toEqual([]);
  });

  it('answers each fetch type with its documented keys, in their documented shape', async () => {
    const member = byEmail(server, 'member');
    const types = [...new Set(UPSTREAM_REGISTER_KEYS.map((k) => k.fetch))].filter((t) => t !== '');
    for (const type of types) {
      const r = await ok(server, member, 'POST', '/register', {
        fetch_event_types: [type],
        client_capabilities: { user_settings_object: false },
      });
      for (const k of UPSTREAM_REGISTER_KEYS.filter((x) => x.fetch === type)) {
        expect(r, `${type}: ${k.key}`).toHaveProperty(k.key);
        // A group-setting value is "either a user group ID or an object" (upstream).
        if (k.group) expect(['number', 'object'], `${type}: ${k.key}`).toContain(kind(r[k.key]));
        // Where upstream's empty value is a list or an object, the answer is one too.
        else if (Array.isArray(k.empty) || kind(k.empty) === 'object')
          expect(kind(r[k.key]), `${type}: ${k.key}`).toBe(kind(k.empty));
      }
    }
  });

  it('includes the keys the issue found missing, with upstream values', async () => {
    const member = byEmail(server, 'member');
    const id = await send(server, member, 'general', 'star me', 'keys');
    await ok(server, member, 'POST', '/messages/flags', {
      messages: [id],
      op: 'add',
      flag: 'starred',
    });
    const r = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['realm', 'realm_user', 'muted_topics', 'presence', 'starred_messages'],
    });
    expect(r).toMatchObject({
      cross_realm_bots: [],
      muted_topics: [],
      presences: {},
      // "Edit history is always viewable" here; -1: "retained forever".
      realm_allow_edit_history: true,
      realm_message_retention_days: -1,
      starred_messages: [id],
    });
    expect(typeof r.server_timestamp).toBe('number');
    // Not fetched, not sent: "Present if `presence` is present in `fetch_event_types`."
    const narrow = await ok(server, member, 'POST', '/register', { fetch_event_types: ['realm'] });
    expect(narrow).not.toHaveProperty('presences');
    expect(narrow).not.toHaveProperty('starred_messages');
  });
});
