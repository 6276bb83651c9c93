/**
 * The user's own settings (issue 23 point 1): read from the account's synced state, changed
 * with PATCH /settings, and pushed as `settings.changed` when an event (from this device or
 * another) or a new registration changes them.
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
  const modelOf = (accountId: string): OwnSettings | undefined => {
    const state = ctx.sync.state(accountId);
    return state && new OwnSettings(state.settings, state.featureLevel);
  };

  ctx.sync.onEvents((accountId, events) => {
    const model = modelOf(accountId);
    const changed = model?.changedBy(events) ?? [];
    if (!model || changed.length === 0) return;
    ctx.bus.publish('settings.changed', {
      accountId,
      values: model.values(changed),
      effects: model.snapshot().effects,
    });
  });
  // A new registration may carry changes whose events were lost: send every value once the
  // fresh state is in place (its unread sets are reported right after).
  const registered = new Set<string>();
  ctx.sync.onReset((accountId) => registered.add(accountId));
  ctx.sync.onUnreadsChanged((accountId) => {
    const model = registered.delete(accountId) ? modelOf(accountId) : undefined;
    if (!model) return;
    const { values, effects } = model.snapshot();
    ctx.bus.publish('settings.changed', { accountId, values, effects });
  });

  return {
    'settings.get': async ({ accountId }) => {
      const model = modelOf(accountId);
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
