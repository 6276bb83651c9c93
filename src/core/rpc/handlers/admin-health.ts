/** The organization health view (admin/health-report.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function adminHealthHandlers(ctx: CoreContext): Pick<HandlerTable, 'adminHealth.report'> {
  const health = ctx.parts.admin.health;
  return {
    'adminHealth.report': ({ accountId }) => health.report(accountId),
  };
}
