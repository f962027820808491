import type { RetentionRule } from '../../api-module.ts';
import { plainSql } from '../../db/scoped-sql.ts';

const ACROSS_TENANTS = "retention removes every tenant's expired rows alike";

/** Sign-in's retention: expired sessions and failed-login counters whose window has passed. */
export const authRetention: RetentionRule[] = [
  {
    kind: 'sessions',
    keptFor: 'until they expire (SESSION_TTL_HOURS) or the user logs out',
    delete: plainSql(ACROSS_TENANTS, 'delete from http_session where expires_at <= now()'),
  },
  {
    kind: 'failed-login counters',
    keptFor: 'until their window passes (LOGIN_WINDOW_SECONDS)',
    delete: plainSql(
      ACROSS_TENANTS,
      `delete from login_rate_limit where expire is not null
            and expire < (extract(epoch from now()) * 1000)::bigint`,
    ),
  },
];
