import type { Queryable } from '../../../db/sql-text.ts';

/**
 * A browser call or a typed call still open after this long was abandoned: the tab
 * crashed or lost the network before it could say the call ended. OpenAI ends a realtime session after
 * 60 minutes at the most.
 */
export const ABANDONED_CALL_AFTER_MS = 2 * 60 * 60 * 1000;

/** How often each API process looks for them (ending one twice is harmless: the end never moves). */
export const ABANDONED_CALL_SWEEP_MS = 10 * 60 * 1000;

// Ends each such call when it was last heard from: its last transcript line or its conversation's last
// message, else its start. Phone calls are left to Twilio's status callbacks and their own sweep.
// A sweep over every tenant, so not tenant-scoped.
const END_ABANDONED_SQL = `
  update call_session s
  set ended_at = greatest(
    s.started_at,
    (select max((e->>'timestamp')::timestamptz) from jsonb_array_elements(s.transcript) e
      where e->>'timestamp' ~ '^\\d{4}-\\d{2}-\\d{2}T'),
    (select max(m.timestamp) from voice_conversation_message m where m.conversation_id = s.conversation_id))
  where s.ended_at is null and s.channel in ('webrtc', 'web')
    and s.started_at < now() - make_interval(secs => $1)
  returning s.id`;

/** Ends the browser and typed calls nobody ended (see ABANDONED_CALL_AFTER_MS); answers their ids. */
export async function endAbandonedBrowserCalls(
  db: Queryable,
  afterMs = ABANDONED_CALL_AFTER_MS,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(END_ABANDONED_SQL, [afterMs / 1000]);
  return rows.map((row) => row.id);
}
