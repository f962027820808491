import type { ApiModule } from '../../api-module.ts';
import { Migration20261127080000_usage } from './migrations/Migration20261127080000_usage.ts';
import { Migration20261129030000_usage_service_kinds } from './migrations/Migration20261129030000_usage_service_kinds.ts';
import { usageRoutes } from './usage.routes.ts';

/** Usage: the tenant's usage ledger, its report and CSV, currency, prices and monthly budget. */
export const usageModule: ApiModule = {
  name: 'usage',
  entities: [],
  migrations: [
    { name: 'Migration20261127080000_usage', class: Migration20261127080000_usage },
    {
      name: 'Migration20261129030000_usage_service_kinds',
      class: Migration20261129030000_usage_service_kinds,
    },
  ],
  create: ({ pool }) => ({ routers: [usageRoutes({ pool })] }),
};
