/**
 * The password limiter's counters, shared with the other rate limiters through rate-limiter-flexible (created by the platform migration). Only this module's SQL names them; other modules use
 * what its index.ts exports (checked by api/src/db/table-ownership.test.ts).
 */
export const tables = ['login_rate_limit'] as const;
