/**
 * The tables this module owns (its migrations create them). Only this module's SQL names them; other modules use
 * what its index.ts exports (checked by api/src/db/table-ownership.test.ts).
 */
export const tables = ['phone_call'] as const;
