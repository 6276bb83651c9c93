/** The Push devices and Video call panels without a DOM: what each says after its call. */
import { describe, expect, test } from 'vitest';
import { PushModel } from '../../../../../src/renderer/views/admin/org/push-model.svelte.ts';
import { VideoCallModel } from '../../../../../src/renderer/views/admin/org/video-call-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

describe('push devices', () => {
  test('a test notification says where it went; a refusal shows instead', async () => {
    const core = new RecordingAdminCore().answer('adminOrg.testPush', { ignoredParameters: [] });
    const push = new PushModel(core.console());

    await push.sendTest(undefined);
    expect(push.test.success).toBe('Test notification sent to all your registered devices.');
    await push.sendTest(12);
    expect(push.test.success).toBe('Test notification sent to device 12.');
    expect(core.callsTo('adminOrg.testPush')).toEqual([
      { accountId: ACCOUNT },
      { accountId: ACCOUNT, deviceId: 12 },
    ]);

    const denied = refusal('No push devices registered');
    core.answer('adminOrg.testPush', denied);
    await push.sendTest(undefined);
    expect(push.test.success).toBeUndefined();
    expect(push.test.error).toBe(denied);
    expect(push.busy).toBe(false);
  });

  test('a legacy token registers, naming what the server ignored', async () => {
    const core = new RecordingAdminCore().answer('adminOrg.registerLegacyPushToken', {
      ignoredParameters: ['appid'],
    });
    const push = new PushModel(core.console());
    await push.registerLegacy('abc', 'org.zulip.Zulip');
    expect(push.legacy.success).toBe('Device token registered.');
    expect(push.legacy.ignored).toEqual(['appid']);
    expect(push.test.success).toBeUndefined();
  });
});

describe('video calls', () => {
  test('a created call shows its link', async () => {
    const core = new RecordingAdminCore().answer('adminOrg.createVideoCall', {
      url: 'https://meet.example.com/abc',
    } as never);
    const call = new VideoCallModel(core.console());
    await call.create();
    expect(call.url).toBe('https://meet.example.com/abc');
    expect(call.error).toBeUndefined();
  });

  test('a BAD_REQUEST is explained by whether the user has a provider token', async () => {
    const core = new RecordingAdminCore().answer(
      'adminOrg.createVideoCall',
      refusal('Invalid video call provider'),
    );
    const call = new VideoCallModel(core.console());
    await call.create();
    expect(call.url).toBeUndefined();
    expect(call.explanation(true)).toBe(
      'The server has no video call provider configured: ask an administrator to set one up.',
    );
    expect(call.explanation(false)).toBe(
      'You have no token for the video call provider. Connect your account with it in the organization’s web settings, then try again.',
    );
    // The organization not loaded yet: the server's own words stand alone.
    expect(call.explanation(undefined)).toBeUndefined();

    core.answer('adminOrg.createVideoCall', refusal('Rate limited', 'RATE_LIMIT_HIT'));
    await call.create();
    expect(call.explanation(true)).toBeUndefined();
  });
});
