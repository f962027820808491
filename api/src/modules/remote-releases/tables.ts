/**
 * The tables this module owns (its migrations create them). Only this module's SQL names them; other modules use
 * what its index.ts exports (checked by api/src/db/table-ownership.test.ts).
 */
export const tables = [
  'remote_release',
  'remote_release_file',
  'remote_state',
  'remote_audit',
  'remote_load_error',
  'remote_assignment',
  'remote_deploy_token',
  'remote_version_ledger',
  'remote_operator_tenant',
] as const;
