import type { RetentionRule } from '../../api-module.ts';
import { plainSql } from '../../db/scoped-sql.ts';

/** How long a finished lab job's history is kept. */
export const LOG_RETENTION_MONTHS = 12;

/** The lab's retention: a finished job's history (status log, provider messages, results). */
export const labRetention: RetentionRule[] = [
  {
    kind: 'lab job history (status log, provider messages, results)',
    keptFor: `${LOG_RETENTION_MONTHS} months after the job finished`,
    delete: plainSql(
      "retention removes every tenant's expired rows alike",
      `delete from lab_job where status in ('succeeded', 'failed')
            and finished_at < now() - make_interval(months => ${LOG_RETENTION_MONTHS})`,
    ),
  },
];
