import * as contract from '@annie/contracts/usage-routes';
import Router from '@koa/router';
import type { ModuleDeps } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { budgetStatus } from './budget.ts';
import { DEFAULT_PRICES, PRICED_ON } from './price-table.ts';
import { reportRange, usageCsv, usageReport } from './usage-report.ts';
import { readUsageSettings, writeUsageSettings } from './usage-settings.queries.ts';

const DEFAULTS = { pricedOn: PRICED_ON, prices: DEFAULT_PRICES };

/** /api/usage: the tenant's usage report (JSON and CSV), its usage settings and budget; admins only. */
export function usageRoutes({ pool }: Pick<ModuleDeps, 'pool'>) {
  return defineRoutes(new Router<AppState>(), contract, {
    getUsageReport: async (_ctx, { query, auth }) => ({
      status: 200,
      body: await usageReport(pool, auth.tenantId, reportRange(query)),
    }),
    exportUsageCsv: async (ctx, { query, auth }) => {
      const range = reportRange(query);
      const report = await usageReport(pool, auth.tenantId, range);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="usage-${range.from}-to-${range.to}.csv"`);
      return { status: 200, body: usageCsv(report) };
    },
    getUsageSettings: async (_ctx, { auth }) => ({
      status: 200,
      body: {
        ...(await readUsageSettings(pool, auth.tenantId)),
        defaults: DEFAULTS,
      },
    }),
    saveUsageSettings: async (_ctx, { body, auth }) => {
      await writeUsageSettings(pool, auth.tenantId, body);
      return { status: 200, body: { ...body, defaults: DEFAULTS } };
    },
    getBudgetStatus: async (_ctx, { auth }) => ({
      status: 200,
      body: await budgetStatus(pool, auth.tenantId),
    }),
  });
}
