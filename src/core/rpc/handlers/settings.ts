/**
 * The user's own settings: read from the account's synced state and changed with PATCH
 * /settings; the account's store pushes their changes (settings/settings-push.ts).
 */
import { deleteQueue, register } from '../../../api/routes/events.ts';
import { updateSettings } from '../../../api/routes/settings.ts';
import type { OwnSettingsPatch } from '../../../api/schemas/settings.ts';
import type { CoreContext } from '../../context.ts';
import { OwnSettings } from '../../settings/own-settings.ts';
import { fetchEventTypes } from '../../sync/register-params.ts';
import type { AccountSettings } from '../../model/state-types.ts';
import type { HandlerTable } from '../dispatch.ts';

type SettingsChannels = 'settings.get' | 'settings.update';

export function settingsHandlers(ctx: CoreContext): Pick<HandlerTable, SettingsChannels> {
  return {
    'settings.get': async ({ accountId }) => {
      const model = ctx.parts.settings.modelOf(accountId);
      if (model) return model.snapshot();
      // The account's queue has not registered yet: one short-lived queue answers now.
      const { client } = await ctx.accounts.clientFor(accountId);
      const types = ['user_settings'];
      const { data } = await register(client, {
        event_types: types,
        fetch_event_types: fetchEventTypes(types),
      });
      if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
      const settings = (data.user_settings ?? {}) as AccountSettings;
      return new OwnSettings(settings, data.service_feature_level ?? 0).snapshot();
    },
    'settings.update': async ({ accountId, changes }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      // The contract already checked every value against spec 4.1's allowed values.
      const result = await updateSettings(client, changes as OwnSettingsPatch);
      return { ignoredParameters: [...result.ignoredParameters] };
    },
  };
}
