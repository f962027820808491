import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import { z } from 'zod';
import type { Pool } from '../../../db/pool.ts';
import { insertTicket, sweepExpiredTickets, takeTicket } from './voice-test-ticket.queries.ts';

/** How long the browser has to open the test WebSocket after asking for it. */
export const TEST_TICKET_TTL_MS = 60_000;

export type VoiceTestTicket = {
  sessionId: string;
  userId: string;
  tenantId: string;
  /** The page origin that asked; the WebSocket must come from the same one. */
  origin: string;
  compiled: CompiledVoiceSession;
  expiresAt: number;
};

const uuid = z.uuid();
const hashOf = (token: Buffer) => createHash('sha256').update(token).digest();

/**
 * Single-use, short-lived tickets for the test panel's WebSocket, kept in PostgreSQL so the upgrade
 * may reach any API instance behind the load balancer. Only the token's hash is stored. Redeeming
 * deletes the row in the same statement that reads it, so of two instances racing for one ticket
 * exactly one gets it; a wrong token, another user or tenant, or a late arrival burns it all the same.
 */
export class VoiceTestTickets {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async issue(ticket: Omit<VoiceTestTicket, 'sessionId' | 'expiresAt'>, now = Date.now()) {
    const sessionId = randomUUID();
    const token = randomBytes(32);
    const expiresAt = now + TEST_TICKET_TTL_MS;
    // Tickets nobody opened are swept here, so the table holds at most a minute's worth.
    await sweepExpiredTickets(this.#pool, new Date(now));
    await insertTicket(this.#pool, {
      tenantId: ticket.tenantId,
      sessionId,
      tokenHash: hashOf(token),
      userId: ticket.userId,
      origin: ticket.origin,
      compiled: ticket.compiled,
      expiresAt: new Date(expiresAt),
    });
    return { sessionId, token: token.toString('base64url'), expiresAt };
  }

  /**
   * The ticket, consumed; null when unknown, used, expired, the token is wrong, or it was issued to
   * another user or tenant than `holder`.
   */
  async redeem(
    sessionId: string,
    token: string,
    holder: { userId: string; tenantId: string },
    now = Date.now(),
  ): Promise<VoiceTestTicket | null> {
    if (!uuid.safeParse(sessionId).success) return null;
    const row = await takeTicket(this.#pool, sessionId);
    if (!row) return null;
    const matches = timingSafeEqual(hashOf(Buffer.from(token, 'base64url')), row.token_hash);
    if (!matches || row.expires_at.getTime() <= now) return null;
    if (row.user_id !== holder.userId || row.tenant_id !== holder.tenantId) return null;
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      tenantId: row.tenant_id,
      origin: row.origin,
      compiled: row.compiled,
      expiresAt: row.expires_at.getTime(),
    };
  }
}
