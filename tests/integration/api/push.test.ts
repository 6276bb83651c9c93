import { describe, expect, it } from 'vitest';
import {
  AdminActionRequiredError,
  BadRequestError,
  FailedToConnectBouncerError,
  InternalServerErrorOnBouncerError,
  NoActivePushDeviceError,
} from '../../../src/api/errors.ts';
import { registerIosPushToken, sendTestPushNotification } from '../../../src/api/routes/push.ts';
import { ROLE, addE2eePushDevice, failure, humanWithRole, useServer } from './harness.ts';

const token = 'ab'.repeat(32);

describe('push devices', () => {
  const h = useServer();

  it('registers a legacy iOS device token', async () => {
    const result = await registerIosPushToken(h.as(ROLE.member), {
      token,
      appid: 'org.perch.test',
    });
    expect(result.ignoredParameters).toEqual([]);
  });

  it('gives BAD_REQUEST for an empty or malformed token', async () => {
    const client = h.as(ROLE.member);
    expect(await failure(registerIosPushToken(client, { token: '', appid: 'a' }))).toBeInstanceOf(
      BadRequestError,
    );
    expect(
      await failure(registerIosPushToken(client, { token: 'xyz', appid: 'a' })),
    ).toBeInstanceOf(BadRequestError);
  });

  it('sends a test notification to every device, or to the one named', async () => {
    h.server.setPushOutcome('ok');
    const device = addE2eePushDevice(h.server, humanWithRole(h.server, ROLE.member).user_id, 7001);
    await expect(sendTestPushNotification(h.as(ROLE.member))).resolves.toBeTruthy();
    const one = await sendTestPushNotification(h.as(ROLE.member), { device_id: device });
    expect(one.ignoredParameters).toEqual([]);
    const error = await failure(
      sendTestPushNotification(h.as(ROLE.member), { device_id: device + 1 }),
    );
    expect(error).toBeInstanceOf(NoActivePushDeviceError);
  });

  it('surfaces each push failure of spec 4.20 as its own error class', async () => {
    const client = h.as(ROLE.member);
    const cases = [
      ['NO_ACTIVE_PUSH_DEVICE', NoActivePushDeviceError],
      ['ADMIN_ACTION_REQUIRED', AdminActionRequiredError],
      ['FAILED_TO_CONNECT_BOUNCER', FailedToConnectBouncerError],
      ['INTERNAL_SERVER_ERROR_ON_BOUNCER', InternalServerErrorOnBouncerError],
    ] as const;
    for (const [outcome, ErrorClass] of cases) {
      h.server.setPushOutcome(outcome);
      const error = await failure(sendTestPushNotification(client));
      expect(error).toBeInstanceOf(ErrorClass);
    }
    h.server.setPushOutcome('ok');
  });

  it('gives NO_ACTIVE_PUSH_DEVICE for a user with no device', async () => {
    h.server.setPushOutcome('ok');
    expect(await failure(sendTestPushNotification(h.as(ROLE.guest)))).toBeInstanceOf(
      NoActivePushDeviceError,
    );
  });
});
