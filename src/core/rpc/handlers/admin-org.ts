/** The admin console's organization channels (admin/organization.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type AdminOrgChannel =
  | 'adminOrg.context'
  | 'adminOrg.updateDefaults'
  | 'adminOrg.invite'
  | 'adminOrg.testPush'
  | 'adminOrg.registerLegacyPushToken'
  | 'adminOrg.createVideoCall'
  | 'adminOrg.createFolder'
  | 'adminOrg.updateFolder'
  | 'adminOrg.createProfileField'
  | 'adminOrg.deactivate'
  | 'adminOrg.updateInvitePermissions';

export function adminOrgHandlers(ctx: CoreContext): Pick<HandlerTable, AdminOrgChannel> {
  const org = ctx.parts.admin.org;
  return {
    'adminOrg.context': ({ accountId }) => org.context(accountId),
    'adminOrg.updateDefaults': (args) => org.updateDefaults(args),
    'adminOrg.invite': (args) => org.invite(args),
    'adminOrg.testPush': (args) => org.testPush(args),
    'adminOrg.registerLegacyPushToken': (args) => org.registerLegacyPushToken(args),
    'adminOrg.createVideoCall': ({ accountId }) => org.createVideoCall(accountId),
    'adminOrg.createFolder': (args) => org.createFolder(args),
    'adminOrg.updateFolder': (args) => org.updateFolder(args),
    'adminOrg.createProfileField': (args) => org.createProfileField(args),
    'adminOrg.deactivate': (args) => org.deactivate(args),
    'adminOrg.updateInvitePermissions': (args) => org.updateInvitePermissions(args),
  };
}
