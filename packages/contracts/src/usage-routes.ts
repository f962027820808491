// Usage's routes, for a tenant's admins: the usage report (JSON and CSV), the usage settings (currency,
// budget, price overrides) and this month's budget status.
import { route } from './route.ts';
import {
  budgetStatusSchema,
  usageQuerySchema,
  usageReportSchema,
  usageSettingsAnswerSchema,
  usageSettingsSchema,
} from './usage.ts';

export const getUsageReport = route({
  method: 'get',
  path: '/api/usage',
  summary: "The tenant's usage per day or month, user and channel: calls, minutes, texts, tokens, cost",
  description:
    '`by` is day (default) or month; `from`/`to` are dates (UTC, inclusive; default this month by day, or the last year by month). Costs are in the tenant’s currency.',
  access: 'admin',
  query: usageQuerySchema,
  responses: { 200: { description: 'The usage report', schema: usageReportSchema } },
});

export const exportUsageCsv = route({
  method: 'get',
  path: '/api/usage/export.csv',
  summary: 'The same usage report as CSV',
  access: 'admin',
  query: usageQuerySchema,
  responses: { 200: { description: 'The usage report as CSV', contentType: 'text/csv' } },
});

export const getUsageSettings = route({
  method: 'get',
  path: '/api/usage/settings',
  summary: "The tenant's currency, monthly budget and price overrides, with the dated default prices",
  access: 'admin',
  responses: { 200: { description: 'The usage settings', schema: usageSettingsAnswerSchema } },
});

export const saveUsageSettings = route({
  method: 'put',
  path: '/api/usage/settings',
  summary: "Replace the tenant's currency, monthly budget, hard stop and price overrides",
  access: 'admin',
  body: usageSettingsSchema,
  responses: { 200: { description: 'The usage settings', schema: usageSettingsAnswerSchema } },
});

export const getBudgetStatus = route({
  method: 'get',
  path: '/api/usage/budget',
  summary: "This month's spend against the budget (admins are warned at 80 %)",
  access: 'admin',
  responses: { 200: { description: 'The budget status', schema: budgetStatusSchema } },
});
