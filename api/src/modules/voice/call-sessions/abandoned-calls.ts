import type { Queryable } from '../../../db/sql-text.ts';
import { endAbandonedSessions } from './call-session.queries.ts';

/**
 * A browser call or a typed call still open after this long was abandoned: the tab
 * crashed or lost the network before it could say the call ended. OpenAI ends a realtime session after
 * 60 minutes at the most.
 */
export const ABANDONED_CALL_AFTER_MS = 2 * 60 * 60 * 1000;

/** How often each API process looks for them (ending one twice is harmless: the end never moves). */
export const ABANDONED_CALL_SWEEP_MS = 10 * 60 * 1000;

/** Ends the browser and typed calls nobody ended (see ABANDONED_CALL_AFTER_MS); answers their ids. */
export async function endAbandonedBrowserCalls(
  db: Queryable,
  afterMs = ABANDONED_CALL_AFTER_MS,
): Promise<string[]> {
  return endAbandonedSessions(db, afterMs / 1000);
}
