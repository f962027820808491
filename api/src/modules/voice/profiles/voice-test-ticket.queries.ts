import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import { plainSql, runPlain, runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

export type TicketRow = {
  session_id: string;
  token_hash: Buffer;
  tenant_id: string;
  user_id: string;
  origin: string;
  compiled: CompiledVoiceSession;
  expires_at: Date;
};

const SWEEP_SQL = plainSql(
  "every tenant's expired tickets: a ticket nobody opened is swept at the next issue",
  'delete from voice_test_ticket where expires_at <= $1',
);

const INSERT_SQL = tenantSql(`
  insert into voice_test_ticket (tenant_id, session_id, token_hash, user_id, origin, compiled, expires_at)
  values ($1, $2, $3, $4, $5, $6, $7)`);

const REDEEM_SQL = plainSql(
  'the WebSocket upgrade finds its ticket by session id (then checks token, user and tenant)',
  'delete from voice_test_ticket where session_id = $1 returning *',
);

export async function sweepExpiredTickets(db: Queryable, now: Date): Promise<void> {
  await runPlain(db, SWEEP_SQL, [now]);
}

export async function insertTicket(
  db: Queryable,
  ticket: {
    tenantId: string;
    sessionId: string;
    tokenHash: Buffer;
    userId: string;
    origin: string;
    compiled: CompiledVoiceSession;
    expiresAt: Date;
  },
): Promise<void> {
  await runScoped(db, { tenantId: ticket.tenantId }, INSERT_SQL, [
    ticket.sessionId,
    ticket.tokenHash,
    ticket.userId,
    ticket.origin,
    JSON.stringify(ticket.compiled),
    ticket.expiresAt,
  ]);
}

/** Deletes the ticket and answers it (undefined: unknown or already used). */
export async function takeTicket(db: Queryable, sessionId: string): Promise<TicketRow | undefined> {
  return (await runPlain<TicketRow>(db, REDEEM_SQL, [sessionId]))[0];
}
