// Usage: what calls and texts used and cost (the ledger), the report, settings and the monthly budget.
export {
  assertWithinBudget,
  BUDGET_STOP_MESSAGE,
  budgetStatus,
  budgetStopNotice,
  budgetWarnings,
} from './budget.ts';
export { costUsd } from './call-cost.ts';
export { type CallModels, type MeasuredCallInput, priceCall } from './call-pricing.ts';
export { priceOf } from './price-table.ts';
export { recordTextUse, WEB_SEARCH_CALL_USD } from './token-usage.ts';
export { usageModule } from './usage.module.ts';
export {
  addUsageCost,
  applyProviderPrice,
  recordUsageEntry,
  recordUsageEntryOnce,
  type UsageEntry,
  unpricedUsageEntries,
} from './usage-ledger.queries.ts';
export { readUsageSettings } from './usage-settings.queries.ts';
