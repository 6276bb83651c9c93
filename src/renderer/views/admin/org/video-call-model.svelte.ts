/**
 * The Video call panel's traffic with the Core: creating a call with the organization's
 * video call provider and, when the server refuses, the cause in words.
 */
import { RpcError } from '../../../../contract/errors.ts';
import type { AdminConsole } from '../admin-console.ts';
import { OrgModel } from './org-model.ts';

export class VideoCallModel {
  readonly #org: OrgModel;
  url = $state<string | undefined>();
  error = $state<unknown>();
  busy = $state(false);

  constructor(admin: AdminConsole) {
    this.#org = new OrgModel(admin);
  }

  async create(): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      this.url = (await this.#org.createVideoCall()).url;
    } catch (err) {
      this.url = undefined;
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  /**
   * BAD_REQUEST has two causes told apart by the user's provider token (`hasVideoToken`
   * from the organization context; undefined while it loads). The token is the one thing
   * the client can know in advance; a missing provider only shows in the server's answer,
   * and a failure with the token present can only be that.
   */
  explanation(hasVideoToken: boolean | undefined): string | undefined {
    if (!(this.error instanceof RpcError && this.error.apiCode === 'BAD_REQUEST')) return undefined;
    if (hasVideoToken) {
      return 'The server has no video call provider configured: ask an administrator to set one up.';
    }
    return hasVideoToken === false
      ? 'You have no token for the video call provider. Connect your account with it in the organization’s web settings, then try again.'
      : undefined;
  }
}
