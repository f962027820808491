import type { RetentionRule } from '../../api-module.ts';
import { plainSql } from '../../db/scoped-sql.ts';

/** How long a deleted account's data stays (user:delete names the date it goes). */
export const ACCOUNT_GRACE_DAYS = 90;

const ACROSS_TENANTS = "retention removes every tenant's expired rows alike";

/** Users' retention: a deleted account goes, with everything of theirs, after its grace period. */
export const userRetention: RetentionRule[] = [
  {
    kind: 'deleted accounts (the user and everything of theirs: sessions, Google connections)',
    keptFor: `${ACCOUNT_GRACE_DAYS} days after user:delete`,
    delete: plainSql(
      ACROSS_TENANTS,
      `delete from app_user where deleted_at < now() - make_interval(days => ${ACCOUNT_GRACE_DAYS})`,
    ),
  },
];
