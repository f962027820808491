import {
  budgetStatusSchema,
  usageQuerySchema,
  usageReportSchema,
  usageSettingsAnswerSchema,
  usageSettingsSchema,
} from '@annie/api-client/contracts/usage';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { budgetStatus } from './budget.ts';
import { DEFAULT_PRICES, PRICED_ON } from './price-table.ts';
import { reportRange, usageCsv, usageReport } from './usage-report.ts';
import { readUsageSettings, writeUsageSettings } from './usage-settings.queries.ts';

/** /api/usage: the tenant's usage report (JSON and CSV), its usage settings and budget; admins only. */
export function usageRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/usage' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The tenant's usage per day or month, user and channel: calls, minutes, texts, tokens, cost",
      description:
        '`by` is day (default) or month; `from`/`to` are dates (UTC, inclusive; default this month by day, or the last year by month). Costs are in the tenant’s currency.',
      access: 'admin',
      query: usageQuerySchema,
      responses: { 200: { description: 'The usage report', schema: usageReportSchema } },
    },
    async (ctx, { query, auth }) => {
      ctx.body = await usageReport(pool, auth.tenantId, reportRange(query));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/export.csv',
      summary: 'The same usage report as CSV',
      access: 'admin',
      query: usageQuerySchema,
      responses: { 200: { description: 'The usage report as CSV', contentType: 'text/csv' } },
    },
    async (ctx, { query, auth }) => {
      const range = reportRange(query);
      const report = await usageReport(pool, auth.tenantId, range);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="usage-${range.from}-to-${range.to}.csv"`);
      ctx.body = usageCsv(report);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/settings',
      summary: "The tenant's currency, monthly budget and price overrides, with the dated default prices",
      access: 'admin',
      responses: { 200: { description: 'The usage settings', schema: usageSettingsAnswerSchema } },
    },
    async (ctx, { auth }) => {
      const settings = await readUsageSettings(pool, auth.tenantId);
      ctx.body = { ...settings, defaults: { pricedOn: PRICED_ON, prices: DEFAULT_PRICES } };
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/settings',
      summary: "Replace the tenant's currency, monthly budget, hard stop and price overrides",
      access: 'admin',
      body: usageSettingsSchema,
      responses: { 200: { description: 'The usage settings', schema: usageSettingsAnswerSchema } },
    },
    async (ctx, { body, auth }) => {
      await writeUsageSettings(pool, auth.tenantId, body);
      ctx.body = { ...body, defaults: { pricedOn: PRICED_ON, prices: DEFAULT_PRICES } };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/budget',
      summary: "This month's spend against the budget (admins are warned at 80 %)",
      access: 'admin',
      responses: { 200: { description: 'The budget status', schema: budgetStatusSchema } },
    },
    async (ctx, { auth }) => {
      ctx.body = await budgetStatus(pool, auth.tenantId);
    },
  );

  return router;
}
