import type { RetentionRule } from '../../../api-module.ts';
import { plainSql } from '../../../db/scoped-sql.ts';

/** Voice Console's retention: test tickets nobody opened. */
export const testTicketRetention: RetentionRule[] = [
  {
    kind: 'Voice Console test tickets',
    keptFor: 'a minute (TEST_TICKET_TTL_MS), or until used',
    delete: plainSql(
      "retention removes every tenant's expired rows alike",
      'delete from voice_test_ticket where expires_at <= now()',
    ),
  },
];
