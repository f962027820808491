import type { Queryable } from '../../../db/sql-text.ts';
import { publishLive } from '../../../live/live-channel.ts';
import { callChannel } from '../call-sessions/index.ts';
import type { PhoneCallRow } from './phone-call.queries.ts';

/**
 * Tells the call's user (their live call panel, Call History) that the call moved to its row's status.
 * A call not yet recorded as a call session has nobody to tell.
 */
export async function announceCallStatus(db: Queryable, row: PhoneCallRow | undefined): Promise<void> {
  if (!row?.call_session_id) return;
  await publishLive(db, callChannel, row.tenant_id, {
    id: row.call_session_id,
    userId: row.user_id,
    status: row.status,
  });
}
