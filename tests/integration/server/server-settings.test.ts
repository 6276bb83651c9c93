import { afterEach, describe, expect, it } from 'vitest';
import {
  CURRENT_FEATURE_LEVEL,
  startServer,
  type StartedServer,
} from '../../../src/server/index.ts';
import { raw } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

describe('GET /server_settings (spec 4.22)', () => {
  it('answers without authentication with the fields of spec 4.22', async () => {
    server = await startServer();
    const r = await raw(server, 'GET', '/server_settings');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      result: 'success',
      service_feature_level: CURRENT_FEATURE_LEVEL,
      service_version: expect.any(String),
      service_merge_base: expect.any(String),
      push_notifications_enabled: true,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_url: server.url,
      realm_uri: server.url,
      realm_name: expect.any(String),
      realm_icon: expect.stringMatching(/^http/),
      realm_description: expect.any(String),
      realm_web_public_access_enabled: false,
      external_authentication_methods: [],
    });
    expect(r.body.authentication_methods).toMatchObject({ password: true });
    expect(CURRENT_FEATURE_LEVEL).toBeGreaterThanOrEqual(496);
  });

  it('announces an older feature level when started as one', async () => {
    server = await startServer({ featureLevel: 300 });
    expect((await raw(server, 'GET', '/server_settings')).body.service_feature_level).toBe(300);
  });
});
