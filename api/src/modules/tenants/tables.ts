/**
 * The tenant registry (created by the platform migration in db/migrations). Only this module's SQL names them; other modules use
 * what its index.ts exports (checked by api/src/db/table-ownership.test.ts).
 */
export const tables = ['tenant'] as const;
