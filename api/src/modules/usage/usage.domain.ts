import type { Domain } from '../../domain.ts';
import { Migration20261127080000_usage } from './migrations/Migration20261127080000_usage.ts';
import { usageRoutes } from './usage.routes.ts';

/** Usage: the tenant's usage ledger, its report and CSV, currency, prices and monthly budget. */
export const usageDomain: Domain = {
  name: 'usage',
  entities: [],
  migrations: [{ name: 'Migration20261127080000_usage', class: Migration20261127080000_usage }],
  create: ({ pool }) => ({ routers: [usageRoutes({ pool })] }),
};
