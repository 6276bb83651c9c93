/**
 * Against servers started at older feature levels, the client adapts what spec section 9
 * and the per-endpoint notes name, and refuses calls a server cannot answer before sending.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import {
  BadRequestError,
  NoActivePushDeviceError,
  ReactionDoesNotExistError,
  UnsupportedByServerError,
} from '../../../src/api/errors.ts';
import { createChannelFolder, getChannelFolders } from '../../../src/api/routes/channel-folders.ts';
import { createVideoCall } from '../../../src/api/routes/calls.ts';
import { register } from '../../../src/api/routes/events.ts';
import { sendInvites } from '../../../src/api/routes/invites.ts';
import { addLinkifier, getLinkifiers } from '../../../src/api/routes/linkifiers.ts';
import { getMessages, sendMessage } from '../../../src/api/routes/messages.ts';
import { sendTestPushNotification } from '../../../src/api/routes/push.ts';
import { removeReaction } from '../../../src/api/routes/reactions.ts';
import { deactivateRealm } from '../../../src/api/routes/realm.ts';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  getSavedSnippets,
} from '../../../src/api/routes/saved-snippets.ts';
import { updateSettings, updateUserSettingsDefaults } from '../../../src/api/routes/settings.ts';
import { unsubscribe } from '../../../src/api/routes/subscriptions.ts';
import { updateUserGroupMembers } from '../../../src/api/routes/user-groups.ts';
import {
  ROLE,
  addE2eePushDevice,
  failure,
  humanWithRole,
  postToGeneral,
  useServer,
} from './harness.ts';

/** A client that already believes the level and points at nothing: any request would fail as NetworkError. */
function offline(featureLevel: number): ApiClient {
  return new ApiClient({
    realmUrl: 'http://127.0.0.1:9',
    email: 'a@perch.test',
    apiKey: 'k',
    featureLevel,
  });
}

describe('calls a server does not have yet fail before any request', () => {
  const cases: [string, number, (c: ApiClient) => Promise<unknown>][] = [
    ['GET /messages message_ids', 300, (c) => getMessages(c, { message_ids: [1] })],
    [
      'GET /messages anchor date',
      445,
      (c) =>
        getMessages(c, { anchor: 'date', anchor_date: '2026-01-01', num_before: 0, num_after: 1 }),
    ],
    [
      'GET /messages allow_empty_topic_name',
      334,
      (c) =>
        getMessages(c, {
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          allow_empty_topic_name: true,
        }),
    ],
    ['channel folders', 389, (c) => getChannelFolders(c)],
    ['GET /saved_snippets', 297, (c) => getSavedSnippets(c)],
    ['POST /saved_snippets', 297, (c) => createSavedSnippet(c, { title: 't', content: 'c' })],
    ['DELETE /saved_snippets/{id}', 297, (c) => deleteSavedSnippet(c, 1)],
    ['video calls', 493, (c) => createVideoCall(c)],
    ['subgroup membership', 311, (c) => updateUserGroupMembers(c, 1, { add_subgroups: [2] })],
    ['deletion_delay_days', 332, (c) => deactivateRealm(c, { deletion_delay_days: 30 })],
    ['end-to-end-encrypted test notification', 420, (c) => sendTestPushNotification(c)],
    [
      'receives_typing_notifications',
      253,
      (c) => updateSettings(c, { receives_typing_notifications: false }),
    ],
    [
      'web_suggest_update_timezone',
      329,
      (c) => updateUserSettingsDefaults(c, { web_suggest_update_timezone: false }),
    ],
  ];

  for (const [name, level, call] of cases) {
    it(`${name} needs FL ${level}`, async () => {
      const client = offline(level - 1);
      try {
        const error = await failure(call(client));
        expect(error).toBeInstanceOf(UnsupportedByServerError);
        expect((error as UnsupportedByServerError).requiredFeatureLevel).toBe(level);
        expect((error as UnsupportedByServerError).serverFeatureLevel).toBe(level - 1);
      } finally {
        await client.close();
      }
    });
  }
});

describe('a server at FL 100', () => {
  const h = useServer({ featureLevel: 100 });

  it('learns the level from POST /register', async () => {
    const client = h.as(ROLE.member);
    await register(client, { fetch_event_types: ['realm'] });
    expect(client.knownFeatureLevel).toBe(100);
  });

  it('sends the invitation lifetime as invite_expires_in_days (before FL 126)', async () => {
    await sendInvites(h.as(ROLE.admin), {
      invitee_emails: 'old-server@elsewhere.test',
      invite_expires_in_minutes: 2 * 24 * 60,
      stream_ids: [],
    });
    const invitation = [...h.server.state.invitations.values()].find(
      (i) => i.email === 'old-server@elsewhere.test',
    );
    const createdNear = Math.floor(Date.now() / 1000);
    expect(invitation?.expiry).toBeGreaterThan(createdNear + 2 * 86400 - 120);
    expect(invitation?.expiry).toBeLessThan(createdNear + 2 * 86400 + 120);
  });

  it('sends url_format_string for a linkifier in the %(name)s format and reads it back as url_template (before FL 176)', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await addLinkifier(admin, {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://old.test/{id}?q=100%',
    });
    expect(h.server.state.linkifiers.get(data.id)?.url_template).toBe(
      'https://old.test/%(id)s?q=100%%',
    );
    // Read back as the server sent it: the old format, under today's name.
    const listed = (await getLinkifiers(admin)).data.linkifiers.find((l) => l.id === data.id);
    expect(listed?.url_template).toBe('https://old.test/%(id)s?q=100%%');
  });

  it('refuses, without sending, a linkifier template the old format cannot express', async () => {
    const before = h.server.state.linkifiers.size;
    const error = await failure(
      addLinkifier(h.as(ROLE.admin), {
        pattern: '(?P<path>[a-z/]+)',
        url_template: 'https://old.test/{+path}',
      }),
    );
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    expect((error as UnsupportedByServerError).requiredFeatureLevel).toBe(176);
    expect(h.server.state.linkifiers.size).toBe(before);
  });

  it('sends a direct message as type private (before FL 174)', async () => {
    const member = h.as(ROLE.member);
    const other = humanWithRole(h.server, ROLE.member, 1);
    // This server refuses `direct`; the call succeeds only if the client renamed it.
    const sent = await sendMessage(member, { type: 'direct', to: [other.user_id], content: 'hi' });
    expect(sent.data.id).toBeGreaterThan(0);
  });

  it('refuses saved snippets against the real server too, without sending the call', async () => {
    const error = await failure(getSavedSnippets(h.as(ROLE.member)));
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    expect((error as UnsupportedByServerError).requiredFeatureLevel).toBe(297);
  });

  it('maps the BAD_REQUEST of a missing reaction to REACTION_DOES_NOT_EXIST (before FL 193)', async () => {
    const member = h.as(ROLE.member);
    const messageId = await postToGeneral(member, 'old', 'x');
    const error = await failure(
      removeReaction(member, messageId, {
        emoji_name: 'smile',
        emoji_code: '1f604',
        reaction_type: 'unicode_emoji',
      }),
    );
    expect(error).toBeInstanceOf(ReactionDoesNotExistError);
    expect((error as ReactionDoesNotExistError).legacyCode).toBe('BAD_REQUEST');
  });

  it('reads the channel permission by its current name (renamed in FL 197)', async () => {
    const { data } = await register(h.as(ROLE.admin), { fetch_event_types: ['stream'] });
    const general = data.streams?.find((s) => s.name === 'general');
    expect(typeof general?.can_remove_subscribers_group).toBe('number');
  });

  it('refuses channel folders against the real server too, without sending the call', async () => {
    const error = await failure(
      createChannelFolder(h.as(ROLE.admin), { name: 'x', description: '' }),
    );
    expect(error).toBeInstanceOf(UnsupportedByServerError);
  });
});

describe('a server at FL 200', () => {
  const h = useServer({ featureLevel: 200 });

  it('maps 403 UNAUTHORIZED_PRINCIPAL for an invalid principal to BAD_REQUEST (before FL 208)', async () => {
    const error = await failure(
      unsubscribe(h.as(ROLE.admin), { subscriptions: ['general'], principals: [999_999] }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).legacyCode).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((error as BadRequestError).status).toBe(403);
  });
});

describe('a server at FL 453', () => {
  const h = useServer({ featureLevel: 453 });

  it('sends the recent view as recent_topics and reads it back as recent (before FL 454)', async () => {
    const admin = h.as(ROLE.admin);
    // This server refuses `recent`; both calls succeed only if the client renamed it.
    await updateUserSettingsDefaults(admin, { web_home_view: 'recent' });
    await updateSettings(admin, { web_home_view: 'recent' });
    const { data } = await register(admin, {
      fetch_event_types: ['user_settings', 'realm_user_settings_defaults'],
    });
    expect(data.user_settings?.web_home_view).toBe('recent');
    expect(data.realm_user_settings_defaults?.web_home_view).toBe('recent');
  });
});

describe('a server at FL 467', () => {
  const h = useServer({ featureLevel: 467 });

  it('sends device_id as push_account_id (before FL 468)', async () => {
    h.server.setPushOutcome('ok');
    const device = addE2eePushDevice(h.server, humanWithRole(h.server, ROLE.member).user_id, 7001);
    const member = h.as(ROLE.member);
    const result = await sendTestPushNotification(member, { device_id: device });
    expect(result.ignoredParameters).toEqual([]);
    // Only a server that received the id under its old name can tell this device is unknown.
    const error = await failure(sendTestPushNotification(member, { device_id: device + 1 }));
    expect(error).toBeInstanceOf(NoActivePushDeviceError);
  });
});
