/**
 * The user's own settings: read from the account's synced state and changed with PATCH
 * /settings; the account's store pushes their changes (settings-push.ts).
 */
import { updateSettings } from '../../api/routes/settings.ts';
import type { OwnSettingsPatch } from '../../api/schemas/settings.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { AccountSettings } from '../model/state-types.ts';
import { registerSnapshot } from '../sync/snapshot.ts';
import { OwnSettings } from './own-settings.ts';
import type { SettingsPush } from './settings-push.ts';

export class OwnSettingsService {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly pushed: Pick<SettingsPush, 'modelOf'>,
  ) {}

  async get(accountId: string): Promise<Result<'settings.get'>> {
    const model = this.pushed.modelOf(accountId);
    if (model) return model.snapshot();
    // The account's queue has not registered yet: one short-lived queue answers now.
    const { client } = await this.accounts.clientFor(accountId);
    const data = await registerSnapshot(client, ['user_settings']);
    const settings = (data.user_settings ?? {}) as AccountSettings;
    return new OwnSettings(settings, data.service_feature_level ?? 0).snapshot();
  }

  async update({
    accountId,
    changes,
  }: Args<'settings.update'>): Promise<Result<'settings.update'>> {
    const { client } = await this.accounts.clientFor(accountId);
    // The contract already checked every value against spec 4.1's allowed values.
    const result = await updateSettings(client, changes as OwnSettingsPatch);
    return { ignoredParameters: [...result.ignoredParameters] };
  }
}
