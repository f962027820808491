import * as contract from '@annie/contracts/usage-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { budgetStatus } from './budget.ts';
import { DEFAULT_PRICES, PRICED_ON } from './price-table.ts';
import { reportRange, usageCsv, usageReport } from './usage-report.ts';
import { readUsageSettings, writeUsageSettings } from './usage-settings.queries.ts';

const DEFAULTS = { pricedOn: PRICED_ON, prices: DEFAULT_PRICES };

/** /api/usage: the tenant's usage report (JSON and CSV), its usage settings and budget; admins only. */
export function usageRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/usage' });

  defineRoute(router, contract.getUsageReport, async (_ctx, { query, auth }) =>
    usageReport(pool, auth.tenantId, reportRange(query)),
  );

  defineRoute(router, contract.exportUsageCsv, async (ctx, { query, auth }) => {
    const range = reportRange(query);
    const report = await usageReport(pool, auth.tenantId, range);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="usage-${range.from}-to-${range.to}.csv"`);
    ctx.body = usageCsv(report);
  });

  defineRoute(router, contract.getUsageSettings, async (_ctx, { auth }) => ({
    ...(await readUsageSettings(pool, auth.tenantId)),
    defaults: DEFAULTS,
  }));

  defineRoute(router, contract.saveUsageSettings, async (_ctx, { body, auth }) => {
    await writeUsageSettings(pool, auth.tenantId, body);
    return { ...body, defaults: DEFAULTS };
  });

  defineRoute(router, contract.getBudgetStatus, async (_ctx, { auth }) => budgetStatus(pool, auth.tenantId));

  return router;
}
