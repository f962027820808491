import { Migration20261122000000_platform } from '../db/migrations/Migration20261122000000_platform.ts';
import { Migration20261122030000_account_deletion } from '../db/migrations/Migration20261122030000_account_deletion.ts';
import { Migration20261122190000_session_invalidation } from '../db/migrations/Migration20261122190000_session_invalidation.ts';
import type { Domain } from '../domain.ts';
import { authRoutes, passwordAttemptLimiter } from './auth/index.ts';
import { healthRoutes } from './health/index.ts';
import { startRetentionSchedule } from './lifecycle/index.ts';
import { TenantSchema } from './tenants/index.ts';
import { UserSchema } from './users/index.ts';

/** Tenants, users, sign-in, health and data retention: what every other domain stands on. */
export const platformDomain: Domain = {
  name: 'platform',
  entities: [TenantSchema, UserSchema],
  migrations: [
    { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
    { name: 'Migration20261122030000_account_deletion', class: Migration20261122030000_account_deletion },
    {
      name: 'Migration20261122190000_session_invalidation',
      class: Migration20261122190000_session_invalidation,
    },
  ],
  create: ({ config, pool, logger }) => {
    return {
      routers: [healthRoutes(pool), authRoutes(passwordAttemptLimiter(pool, config))],
      // The retention rules (expired sessions and login counters among them) run at start and on a schedule.
      start: async () => startRetentionSchedule(pool, logger),
    };
  },
};
