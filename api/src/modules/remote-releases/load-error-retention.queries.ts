import type { RetentionRule } from '../../api-module.ts';
import { plainSql } from '../../db/scoped-sql.ts';

/** How long the shell's reports of a remote that failed to load are kept. */
export const REMOTE_LOAD_ERROR_DAYS = 90;

/** The release registry's retention: the shell's load-failure reports. */
export const loadErrorRetention: RetentionRule[] = [
  {
    kind: "remote load-failure reports (the shell's, per remote version)",
    keptFor: `${REMOTE_LOAD_ERROR_DAYS} days`,
    delete: plainSql(
      "retention removes every tenant's expired rows alike",
      `delete from remote_load_error where at < now() - make_interval(days => ${REMOTE_LOAD_ERROR_DAYS})`,
    ),
  },
];
