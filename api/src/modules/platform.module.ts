import type { ApiModule } from '../api-module.ts';
import { Migration20261122000000_platform } from '../db/migrations/Migration20261122000000_platform.ts';
import { Migration20261122030000_account_deletion } from '../db/migrations/Migration20261122030000_account_deletion.ts';
import { Migration20261122190000_session_invalidation } from '../db/migrations/Migration20261122190000_session_invalidation.ts';
import { authRetention, authRoutes, passwordAttemptLimiter } from './auth/index.ts';
import { healthRoutes } from './health/index.ts';
import { retentionSchedule } from './lifecycle/index.ts';
import { TenantSchema } from './tenants/index.ts';
import { UserSchema, userRetention } from './users/index.ts';

/**
 * Tenants, users, sign-in, health and data retention (the rules every module declares, run on a
 * schedule): what every other module stands on.
 */
export const platformModule: ApiModule = {
  name: 'platform',
  entities: [TenantSchema, UserSchema],
  retention: [...userRetention, ...authRetention],
  migrations: [
    { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
    { name: 'Migration20261122030000_account_deletion', class: Migration20261122030000_account_deletion },
    {
      name: 'Migration20261122190000_session_invalidation',
      class: Migration20261122190000_session_invalidation,
    },
  ],
  create: ({ config, pool, logger, retention, lifecycle }) => {
    return {
      routers: [healthRoutes(pool, lifecycle), authRoutes(passwordAttemptLimiter(pool, config))],
      // Every module's retention rules (expired sessions and login counters among them), every 15 minutes.
      schedules: [retentionSchedule(pool, logger, retention)],
    };
  },
};
