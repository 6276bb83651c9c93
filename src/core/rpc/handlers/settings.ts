/** The user's own settings (settings/own-settings-service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type SettingsChannels = 'settings.get' | 'settings.update';

export function settingsHandlers(ctx: CoreContext): Pick<HandlerTable, SettingsChannels> {
  const settings = ctx.parts.ownSettings;
  return {
    'settings.get': ({ accountId }) => settings.get(accountId),
    'settings.update': (args) => settings.update(args),
  };
}
