/**
 * Core's own table: sessions (the platform migration in db/migrations created it). Only core's SQL names it; modules use core's session
 * functions (checked by api/src/db/table-ownership.test.ts).
 */
export const tables = ['http_session'] as const;
