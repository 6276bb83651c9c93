/**
 * The Push devices panel's traffic with the Core: a test notification to all the user's
 * devices or one (upstream test-notify), and registering a legacy Apple device token
 * (upstream add-apns-token, deprecated since Zulip 11.0), each with what it answered.
 */
import type { AdminConsole } from '../admin-console.ts';
import { OrgModel } from './org-model.ts';

/** One request's answer as the panel shows it (org/Outcome.svelte). */
export class Outcome {
  error = $state<unknown>();
  success = $state<string | undefined>();
  /** Parameters the server ignored, named so the user knows they had no effect. */
  ignored = $state<string[]>([]);
}

export class PushModel {
  readonly #org: OrgModel;
  busy = $state(false);
  readonly test = new Outcome();
  readonly legacy = new Outcome();

  constructor(admin: AdminConsole) {
    this.#org = new OrgModel(admin);
  }

  /** To one device when `deviceId` is given, else to all the user's devices. */
  async sendTest(deviceId: number | undefined): Promise<void> {
    this.busy = true;
    this.test.error = undefined;
    this.test.success = undefined;
    try {
      const result = await this.#org.testPush(deviceId !== undefined ? { deviceId } : {});
      this.test.ignored = result.ignoredParameters;
      this.test.success =
        deviceId !== undefined
          ? `Test notification sent to device ${deviceId}.`
          : 'Test notification sent to all your registered devices.';
    } catch (err) {
      this.test.error = err;
    } finally {
      this.busy = false;
    }
  }

  async registerLegacy(token: string, appid: string): Promise<void> {
    this.legacy.error = undefined;
    this.legacy.success = undefined;
    try {
      const result = await this.#org.registerLegacyPushToken({ token, appid });
      this.legacy.ignored = result.ignoredParameters;
      this.legacy.success = 'Device token registered.';
    } catch (err) {
      this.legacy.error = err;
    }
  }
}
