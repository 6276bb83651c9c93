/**
 * Random malformed parameters to every endpoint, both halves of the server: no response
 * may be a 5xx other than the bouncer errors, and no handler may throw an unexpected
 * exception (those are recorded by the server even though it answers them as 400).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { SETTINGS } from '../../../src/server/state/settings.ts';
import { basic, byRole } from './admin-client.ts';

const NAMES = [
  ...'add add_subgroups all_public_streams allow_empty_topic_name alternative_url_templates anchor anchor_date announce appid apply_markdown authorization_errors_fatal client_capabilities client_gravatar content delete delete_subgroups deletion_delay_days description device_id direct_member_only display_in_profile_summary dont_block editable_by_user email emoji_code emoji_name event_types example_input fetch_event_types field_data field_type flag full_name group_ids hint include_anchor include_archived include_custom_profile_fields include_deactivated_groups include_profile include_realm_default_subscriptions include_subscribers invite_as invite_expires_in_days invite_expires_in_minutes invite_only invitee_emails is_archived last_event_id message_ids messages name narrow notify_referrer_on_join num_after num_before op password pattern principals property push_account_id queue_id reaction_type required reverse_template slim_presence stream_ids subscription_data subscriptions timezone default_language title to token topic type url_template url_format_string use_first_unread_anchor use_for_user_matching username value welcome_message_custom_text'.split(
    ' ',
  ),
  ...Object.keys(SETTINGS),
];

/** Values that are wrong in interesting ways: wrong JSON types, edge numbers, odd text. */
const value = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    'true',
    'false',
    '-1',
    '0',
    '1',
    '2',
    '99999999999999999999',
    '1e3',
    '[]',
    '{}',
    '[null]',
    '[1,"a"]',
    '[{}]',
    '[[]]',
    '"x"',
    'newest',
    'oldest',
    'first_unread',
    'date',
    '#zzz',
    '%',
    '{"operator":"is"}',
    '[{"operator":"channel","operand":{}}]',
    '[["search"]]',
    '[{"name":{}}]',
    '[{"stream_id":1,"property":"color","value":null}]',
    '\u0000',
    '((((((a',
    '{{}}',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.json({ maxDepth: 3 }),
);

const params = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 6 });
const pathValue = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '4',
    '5',
    '0',
    '-1',
    'me',
    'abc',
    '9999999999999999',
    '%E2%82',
    '1.5',
  ),
  fc.nat(20).map(String),
);

/** A well-formed request per endpoint in the fixed organization, to be broken one parameter at a time. */
const VALID: Record<string, Record<string, string>> = {
  'POST /register': { event_types: '["message"]', narrow: '[]' },
  'GET /events': { dont_block: 'true' },
  'POST /messages': {
    type: 'stream',
    to: 'general',
    topic: 'fuzz',
    content: 'hello @**Mel Member**',
  },
  'GET /messages': {
    anchor: 'newest',
    num_before: '10',
    num_after: '0',
    narrow: '[{"operator":"channel","operand":"general"}]',
  },
  'POST /messages/flags': { messages: '[1]', op: 'add', flag: 'starred' },
  'POST /messages/{message_id}/reactions': {
    emoji_name: 'smile',
    emoji_code: '1f604',
    reaction_type: 'unicode_emoji',
  },
  'DELETE /messages/{message_id}/reactions': { emoji_name: 'smile' },
  'POST /invites': { invitee_emails: 'fuzz@example.com', stream_ids: '[1]' },
  'POST /realm/filters': {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://x.example/{id}',
    reverse_template: '#{id}',
    example_input: '#1',
  },
  'POST /realm/profile_fields': {
    name: 'Fuzz',
    field_type: '3',
    field_data: '{"a":{"text":"A","order":"1"}}',
  },
  'POST /users/me/ios_push_device_token': { token: 'ab'.repeat(32), appid: 'org.perch' },
  'POST /mobile_push/e2ee/test_notification': { device_id: '1' },
  'POST /realm/deactivate': { deletion_delay_days: '30' },
  'POST /saved_snippets': { title: 'T', content: 'C' },
  'PATCH /realm/user_settings_defaults': { color_scheme: '2', web_home_view: 'recent' },
  'PATCH /settings': { full_name: 'Fuzzy', timezone: 'UTC', enable_sounds: 'false' },
  'POST /users/me/subscriptions/properties': {
    subscription_data: '[{"stream_id":1,"property":"is_muted","value":true}]',
  },
  'PATCH /users/me/subscriptions/{stream_id}': { property: 'color', value: '#123456' },
  'POST /users/me/subscriptions': {
    subscriptions: '[{"name":"general"},{"name":"fuzzland"}]',
    principals: '[4]',
  },
  'DELETE /users/me/subscriptions': { subscriptions: '["development"]', principals: '[5]' },
  'POST /user_groups/{user_group_id}/members': { add: '[5]', delete_subgroups: '[7]' },
  'POST /users': { email: 'fuzz.user@perch.test', password: 'pw', full_name: 'Fuzz User' },
  'POST /channel_folders/create': { name: 'Fuzz folder', description: '' },
  'PATCH /channel_folders/{channel_folder_id}': { name: 'Renamed', is_archived: 'true' },
  'POST /fetch_api_key': { username: 'owner@perch.test', password: 'x' },
  'POST /jwt/fetch_api_key': { token: 'a.b.c', include_profile: 'true' },
};

/** One mutation: replace or add a parameter with a malformed value, or drop one. */
const mutation = fc.tuple(
  fc.constantFrom('replace', 'add', 'drop'),
  fc.nat(20),
  fc.constantFrom(...NAMES),
  value,
);

let server: StartedServer;

/** Sends one request and checks the server neither failed nor threw. */
async function fire(
  method: string,
  path: string,
  p: URLSearchParams,
  caller: ServerUser,
): Promise<void> {
  const encoded = p.toString();
  const isGet = method === 'GET';
  const res = await fetch(`${server.url}/api/v1${path}${isGet && encoded ? `?${encoded}` : ''}`, {
    method,
    headers: {
      ...basic(caller),
      ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
    body: isGet ? undefined : encoded,
    signal: AbortSignal.timeout(5000),
  });
  const body = (await res.json()) as { result: string; code?: string };
  // A fuzzed deactivation must not end the run.
  server.state.realm.deactivated = false;
  const bouncer =
    body.code === 'FAILED_TO_CONNECT_BOUNCER' || body.code === 'INTERNAL_SERVER_ERROR_ON_BOUNCER';
  const what = `${method} ${path} ${encoded}`;
  expect(res.status < 500 || bouncer, `${what} -> ${res.status}`).toBe(true);
  expect(['success', 'error']).toContain(body.result);
  expect(server.internalErrors, what).toEqual([]);
}

beforeAll(async () => {
  server = await startServer({ rateLimit: false, heartbeatSeconds: 0.01 });
});
afterAll(() => server.close());

describe('fuzzing every endpoint', () => {
  it('never answers 500 and never throws inside a handler', async () => {
    const routes = server.routes;
    expect(routes.length).toBeGreaterThan(40);
    const callers = [byRole(server, 100), byRole(server, 400), byRole(server, 600)];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(routes.length - 1),
        fc.nat(callers.length - 1),
        params,
        fc.array(pathValue, { minLength: 2, maxLength: 2 }),
        async (ri, ci, p, pathValues) => {
          const route = routes[ri];
          const caller = callers[ci];
          if (!route || !caller) return;
          let i = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => pathValues[i++] ?? '1');
          await fire(route.method, path, new URLSearchParams(p), caller);
        },
      ),
      { numRuns: 1500, seed: 20261121 },
    );
  }, 120_000);

  it('never answers 500 when one parameter of a valid request is broken', async () => {
    const routes = server.routes;
    const callers = [byRole(server, 100), byRole(server, 200), byRole(server, 400)];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(routes.length - 1),
        fc.nat(callers.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        pathValue,
        async (ri, ci, mutations, pathValue) => {
          const route = routes[ri];
          const caller = callers[ci];
          if (!route || !caller) return;
          const p = new Map(Object.entries(VALID[`${route.method} ${route.path}`] ?? {}));
          for (const [kind, index, name, v] of mutations) {
            const keys = [...p.keys()];
            const existing = keys[index % Math.max(1, keys.length)];
            if (kind === 'replace' && existing !== undefined) p.set(existing, v);
            else if (kind === 'drop' && existing !== undefined) p.delete(existing);
            else p.set(name, v);
          }
          const path = route.path.replace(/\{[^}]+\}/, pathValue).replace(/\{[^}]+\}/, '4');
          await fire(route.method, path, new URLSearchParams([...p]), caller);
        },
      ),
      { numRuns: 1500, seed: 7 },
    );
  }, 120_000);

  it('survives malformed requests below the router', async () => {
    const owner = byRole(server, 100);
    const cases: RequestInit[] = [
      {
        method: 'POST',
        headers: { ...basic(owner), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '%%%&&&===',
      },
      { method: 'POST', headers: { Authorization: 'Basic !!!' } },
      { method: 'POST', headers: { Authorization: 'Bearer abc' } },
      { method: 'POST', headers: { ...basic(owner), 'Content-Type': 'text/plain' }, body: 'hello' },
    ];
    for (const init of cases) {
      const res = await fetch(`${server.url}/api/v1/users/me/subscriptions`, init);
      expect(res.status).toBeLessThan(500);
    }
    const weird = await fetch(`${server.url}/api/v1/users/%ZZ`, { headers: basic(owner) });
    expect(weird.status).toBeLessThan(500);
    expect(server.internalErrors).toEqual([]);
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).toBe(200);
  });
});
